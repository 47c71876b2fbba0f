import { offerLink } from '@consign/api-client';
import { apiQuery } from '@consign/api-client/query';
import { Button, Empty, Field, formatMoney, Spinner, toast } from '@consign/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { ShopSelect } from '../../common/list/shop-select';
import { OfferSummary } from '../../common/offer-summary';
import { usePageTitle } from '../../common/page-title';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { SHOP_TEXT } from './texts';

const featuredText = SHOP_TEXT.featured;

/**
 * 平台精选: the operator's curated 1688 offers as the seller's 1688 account reads them (title, picture,
 * supply price); 一键复制 copies one into the chosen shop through the copy job, like 商品复制.
 */
export function FeaturedPage() {
  const title = usePageTitle();
  const api = useApi();
  const titleId = useId();
  const [shopId, setShopId] = useState('');
  const offers = useQuery({ ...apiQuery(api, '/api/featured/index'), retry: false });
  const copy = useMutation({
    ...callMutation(api, '/api/copy/create'),
    onSuccess: ({ created, refused }) => {
      if (created > 0) toast.success(featuredText.copied);
      else toast.error(refused[0]?.reason ?? featuredText.notCopied);
    },
  });
  let body: React.ReactNode;
  if (offers.isError) {
    body = (
      <Empty
        description={offers.error instanceof Error ? offers.error.message : featuredText.failed}
        action={
          <Button asChild>
            <Link to="/system/setting">{featuredText.toSettings}</Link>
          </Button>
        }
      />
    );
  } else if (!offers.data) body = <Spinner />;
  else if (offers.data.length === 0) body = <Empty description={featuredText.none} />;
  else {
    body = (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={title}>
        {offers.data.map((offer) => (
          <li
            key={offer.offer_id}
            data-slot="featured-offer"
            className="flex gap-3 rounded-md border border-border p-3"
          >
            <OfferSummary
              offerId={offer.offer_id}
              image={offer.image}
              title={offer.on_sale ? offer.title : featuredText.gone(offer.offer_id)}
            >
              {offer.on_sale ? <p>{featuredText.price(formatMoney(offer.price))}</p> : null}
              <div>
                <Button
                  type="button"
                  size="sm"
                  variant="primary"
                  disabled={!offer.on_sale || !shopId || copy.isPending}
                  aria-label={featuredText.copyLabel(offer.on_sale ? offer.title : offer.offer_id)}
                  onClick={() => copy.mutate({ shop_id: shopId, urls: [offerLink(offer.offer_id)] })}
                >
                  {featuredText.copy}
                </Button>
              </div>
            </OfferSummary>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-lg bg-card p-4 shadow-sm">
      <div className="flex items-center justify-between">
        <h1 id={titleId} className="text-lg font-semibold">
          {title}
        </h1>
        <Link to="/shop/copy/list" className="text-sm text-link underline-offset-4 hover:underline">
          {SHOP_TEXT.copyRecords}
        </Link>
      </div>
      <p className="text-sm text-muted-foreground">{featuredText.intro}</p>
      <Field label={featuredText.shop} description={featuredText.shopHint}>
        <ShopSelect
          value={shopId}
          onChange={setShopId}
          label={featuredText.shop}
          placeholder={featuredText.shopPlaceholder}
          className="w-72"
        />
      </Field>
      {body}
    </section>
  );
}
