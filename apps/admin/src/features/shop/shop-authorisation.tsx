import {
  AUTHORISABLE_PLATFORMS,
  type AuthorisablePlatform,
  type Shop,
  type ShopAuthoriseBody,
  type ShopState,
} from '@consign/api-client';
import { apiQuery } from '@consign/api-client/query';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  formatDateTime,
  Spinner,
  toast,
} from '@consign/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { StatusBadge, type Tone } from '../../common/status-badge';
import { invalidateAfter } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { SHOP_TEXT } from './texts';

/**
 * Authorising shops on their platforms (添加店铺, 重新授权) and 停用 / 启用, for 店铺设置. The API answers
 * the platform's authorisation page; the browser goes there, and the platform sends it back to the
 * callback route (`/shop/authorised/$platform`, authorised-page.tsx).
 */
const authoriseText = SHOP_TEXT.authorise;

const STATE_TONES = {
  normal: 'success',
  expiring: 'primary',
  expired: 'danger',
  unauthorized: 'neutral',
  disabled: 'neutral',
} as const satisfies Record<ShopState, Tone>;

/** The status column: 正常 / 授权即将过期 (with the date) / 授权已过期 / 未授权 / 已停用, as the server says. */
export function ShopStateCell({ shop }: { shop: Shop }) {
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <StatusBadge label={authoriseText.states[shop.state]} tone={STATE_TONES[shop.state]} />
      {shop.state === 'expiring' && shop.authorised_until ? (
        <span className="text-xs text-muted-foreground">
          {authoriseText.until(formatDateTime(shop.authorised_until).slice(0, 10))}
        </span>
      ) : null}
    </span>
  );
}

/** Whether 重新授权 is offered: a shop of a platform we connect to whose authorisation ends or ended. */
export function canReauthorise(shop: Shop): boolean {
  return (
    (AUTHORISABLE_PLATFORMS as readonly string[]).includes(shop.platform) &&
    (shop.state === 'expiring' || shop.state === 'expired' || shop.state === 'unauthorized')
  );
}

/** Asks the API for the platform's authorisation page and sends the browser there. */
export function useAuthorise() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: ShopAuthoriseBody) => api.call('/api/shop/authorise', body),
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
}

/** 停用 / 启用 one shop; the list refreshes after it. */
export function useToggleShop() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shop: Shop) =>
      api.call('/api/shop/toggle', {
        id: shop.id,
        disabled: shop.state !== 'disabled',
        version: shop.version,
      }),
    onSuccess: async (shop) => {
      toast.success(
        shop.state === 'disabled' ? authoriseText.disabled(shop.name) : authoriseText.enabled(shop.name),
      );
      await invalidateAfter(queryClient, '/api/shop/toggle');
    },
  });
}

/** 添加店铺: the platforms the operators enabled (with an app), each a button to its authorisation page. */
export function AddShopDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const api = useApi();
  const platforms = useQuery({ ...apiQuery(api, '/api/shop/platforms', {}), enabled: open });
  const authorise = useAuthorise();
  const going = authorise.isPending || authorise.isSuccess ? authorise.variables?.platform : undefined;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{authoriseText.addTitle}</DialogTitle>
          <DialogDescription>{authoriseText.addDescription}</DialogDescription>
        </DialogHeader>
        {platforms.isPending ? (
          <Spinner />
        ) : platforms.data?.length ? (
          <div className="flex flex-wrap gap-3">
            {platforms.data.map((platform) => (
              <Button
                key={platform.code}
                variant="default"
                disabled={going !== undefined}
                onClick={() => authorise.mutate({ platform: platform.code as AuthorisablePlatform })}
              >
                {going === platform.code
                  ? authoriseText.going(platform.name)
                  : authoriseText.choose(platform.name)}
              </Button>
            ))}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{authoriseText.noPlatforms}</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
