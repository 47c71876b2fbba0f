import { offerLink } from '@consign/api-client';
import { cn } from '@consign/ui';
import type { ReactNode } from 'react';

/**
 * A 1688 offer as 平台精选 draws it for sellers (`features/shop/featured-page.tsx`) and operators
 * (`features/system/featured-section.tsx`): its picture (when read), its title as a link to the offer on
 * 1688, then `children` (the price, what else the page says of it; the texts are the page's: `common/texts.ts`
 * loads with 工作台). `size`: `sm` (48 px picture) in a
 * settings list, `md` (80 px) in a card.
 */
export function OfferSummary({
  offerId,
  image,
  title,
  size = 'md',
  children,
}: {
  offerId: string;
  image: string | null | undefined;
  title: ReactNode;
  size?: 'sm' | 'md';
  children?: ReactNode;
}) {
  const px = size === 'sm' ? 48 : 80;
  return (
    <>
      {image ? (
        <img
          src={image}
          alt=""
          width={px}
          height={px}
          className={cn(
            'shrink-0 rounded-sm border bg-muted object-cover',
            size === 'sm' ? 'size-12' : 'size-20',
          )}
        />
      ) : null}
      <div className={cn('flex min-w-0 flex-col text-sm', size === 'sm' ? 'gap-0.5' : 'gap-1')}>
        <a
          href={offerLink(offerId)}
          target="_blank"
          rel="noreferrer"
          className="font-medium text-link underline-offset-4 hover:underline"
        >
          {title}
        </a>
        {children}
      </div>
    </>
  );
}
