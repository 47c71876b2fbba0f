import { AUTHORISABLE_PLATFORMS, type AuthorisablePlatform } from '@consign/api-client';
import { Spinner, toast } from '@consign/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { invalidateAfter } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { problemMessage } from '../order/problem-message';
import { SHOP_TEXT } from './texts';

const route = getRouteApi('/_authed/shop/authorised/$platform');
const a = SHOP_TEXT.authorise;

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
      toast.success(a.added(shop.name));
      await invalidateAfter(queryClient, '/api/shop/authorise-callback');
      await navigate({ to: '/shop/setting', replace: true });
    },
  });
  // Once per visit: the state is single-use (a second post would only be refused).
  const posted = useRef(false);
  const { mutate } = complete;
  useEffect(() => {
    if (posted.current || !known || !state) return;
    posted.current = true;
    mutate();
  }, [known, state, mutate]);

  const failure = !known || !state ? a.missing : complete.error ? problemMessage(complete.error) : null;
  if (failure) {
    return (
      <div className="mx-auto flex max-w-lg flex-col gap-4 py-12" role="alert">
        <h2 className="text-lg font-medium">{a.failedTitle}</h2>
        <p className="text-sm">{failure}</p>
        <div>
          <Link to="/shop/setting" className="text-sm text-link underline-offset-4 hover:underline">
            {a.back}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="flex items-center justify-center gap-2 py-12 text-sm text-muted-foreground">
      <Spinner />
      {a.working}
    </div>
  );
}
