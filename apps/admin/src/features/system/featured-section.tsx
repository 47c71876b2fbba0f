import { apiQuery } from '@consign/api-client/query';
import { Button, Field, formatDateTime, formatMoney, Input, toast } from '@consign/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { SettingsCard } from '../../common/crud-parts';
import { useSubmitOnce } from '../../common/list/use-submit-once';
import { OfferSummary } from '../../common/offer-summary';
import { callMutation } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { SYSTEM_TEXT } from './texts';

const featuredText = SYSTEM_TEXT.featured;

/** 平台精选 (operators): the curated 1688 offers sellers copy from; add by link or id, remove. */
export function FeaturedSection() {
  const api = useApi();
  const titleId = useId();
  const [offer, setOffer] = useState('');
  const list = useQuery(apiQuery(api, '/api/company/featured-list'));
  const add = useMutation({
    ...callMutation(api, '/api/company/featured-save'),
    onSuccess: (entry) => {
      toast.success(featuredText.added(entry.offer_id));
      setOffer('');
    },
  });
  const submit = useSubmitOnce((event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (offer.trim()) add.mutate({ offer: offer.trim() });
  }, add.isPending);
  const remove = useMutation({
    ...callMutation(api, '/api/company/featured-del'),
    onSuccess: ({ offer_id }) => toast.success(featuredText.removed(offer_id)),
  });
  return (
    <SettingsCard titleId={titleId} title={featuredText.title} intro={featuredText.intro}>
      <form noValidate className="flex flex-wrap items-end gap-2" {...submit}>
        <Field label={featuredText.offer} className="w-96">
          <Input
            value={offer}
            maxLength={2048}
            placeholder="https://detail.1688.com/offer/610000000001.html"
            onChange={(event) => setOffer(event.target.value)}
          />
        </Field>
        <Button type="submit" variant="primary" loading={add.isPending} disabled={!offer.trim()}>
          {featuredText.add}
        </Button>
      </form>
      {(list.data ?? []).length === 0 ? (
        <p className="text-sm text-muted-foreground">{featuredText.none}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm" aria-label={featuredText.title}>
          {(list.data ?? []).map((entry) => (
            <li key={entry.offer_id} data-slot="featured-entry" className="flex items-center gap-3">
              <OfferSummary
                offerId={entry.offer_id}
                image={entry.image}
                title={entry.title || entry.offer_id}
                size="sm"
              >
                <span className="text-muted-foreground text-xs">
                  {entry.read_at === null
                    ? featuredText.unread
                    : entry.on_sale && entry.price !== null
                      ? `${entry.offer_id} · ${featuredText.price(formatMoney(entry.price))} · ${featuredText.readAt(formatDateTime(entry.read_at))}`
                      : `${entry.offer_id} · ${featuredText.gone}`}
                </span>
              </OfferSummary>
              <span className="text-muted-foreground">{formatDateTime(entry.created_at)}</span>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                aria-label={featuredText.removeLabel(entry.offer_id)}
                onClick={() => remove.mutate({ offer_id: entry.offer_id })}
              >
                {featuredText.remove}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </SettingsCard>
  );
}
