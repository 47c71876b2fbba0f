import { AUTHORISABLE_PLATFORMS, type AuthorisablePlatform } from '@consign/api-client';
import { toast } from '@consign/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { AuthorisationReturn } from '../../common/authorisation-return';
import { invalidateAfter } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { SHOP_TEXT } from './texts';

const route = getRouteApi('/_authed/shop/authorised/$platform');
const authoriseText = SHOP_TEXT.authorise;

/**
 * Where the platform sends the seller back after its authorisation page (`PUBLIC_URL` +
 * `/shop/authorised/<platform>?code=…&state=…`, or `error=access_denied`): posts them to the API once,
 * then lands on 店铺设置 with a toast, or shows why it did not work with a way back.
 */
export function AuthorisedPage() {
  const { platform } = route.useParams();
  const { code, state, error } = route.useSearch();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const known = (AUTHORISABLE_PLATFORMS as readonly string[]).includes(platform);
  const complete = useMutation({
    mutationFn: () =>
      api.call(
        '/api/shop/authorise-callback',
        {
          platform: platform as AuthorisablePlatform,
          state: state ?? '',
          ...(code ? { code } : { error: error ?? 'missing_code' }),
        },
        { skipErrorHandler: true },
      ),
    onSuccess: async (shop) => {
      toast.success(authoriseText.added(shop.name));
      await invalidateAfter(queryClient, '/api/shop/authorise-callback');
      await navigate({ to: '/shop/setting', replace: true });
    },
  });
  return (
    <AuthorisationReturn
      ready={known && !!state}
      complete={complete}
      text={authoriseText}
      back="/shop/setting"
    />
  );
}
