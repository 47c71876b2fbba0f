import { Spinner, toast } from '@consign/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { invalidateAfter } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { problemMessage } from '../order/problem-message';
import { SUPPLIER_TEXT as s } from './texts';

const route = getRouteApi('/_authed/supplier/authorised');

/**
 * Where 1688 sends the seller back after its authorisation page (`PUBLIC_URL/supplier/authorised?code=…&state=…`,
 * or `error=access_denied`): posts them to the API once, then lands on 代发设置 with a toast, or shows
 * why it did not work with a way back.
 */
export function SupplierAuthorisedPage() {
  const { code, state, error } = route.useSearch();
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const complete = useMutation({
    mutationFn: () =>
      api.call(
        '/api/supplier/authorise-callback',
        { state: state ?? '', ...(code ? { code } : { error: error ?? 'missing_code' }) },
        { skipErrorHandler: true },
      ),
    onSuccess: async (account) => {
      toast.success(s.connected(account.login_id ?? ''));
      await invalidateAfter(queryClient, '/api/supplier/authorise-callback');
      await navigate({ to: '/system/setting', replace: true });
    },
  });
  // Once per visit: the state is single-use (a second post would only be refused).
  const posted = useRef(false);
  const { mutate } = complete;
  useEffect(() => {
    if (posted.current || !state) return;
    posted.current = true;
    mutate();
  }, [state, mutate]);

  const failure = !state ? s.missing : complete.error ? problemMessage(complete.error) : null;
  if (failure) {
    return (
      <div className="mx-auto flex max-w-lg flex-col gap-4 py-12" role="alert">
        <h2 className="text-lg font-medium">{s.failedTitle}</h2>
        <p className="text-sm">{failure}</p>
        <div>
          <Link to="/system/setting" className="text-sm text-link underline-offset-4 hover:underline">
            {s.back}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="flex items-center justify-center gap-2 py-12 text-sm text-muted-foreground">
      <Spinner />
      {s.working}
    </div>
  );
}
