import { toast } from '@consign/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { AuthorisationReturn } from '../../common/authorisation-return';
import { invalidateAfter } from '../../lib/invalidate';
import { useApi } from '../../lib/use-api';
import { SUPPLIER_TEXT } from './texts';

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
      toast.success(SUPPLIER_TEXT.connected(account.login_id ?? ''));
      await invalidateAfter(queryClient, '/api/supplier/authorise-callback');
      await navigate({ to: '/system/setting', replace: true });
    },
  });
  return (
    <AuthorisationReturn ready={!!state} complete={complete} text={SUPPLIER_TEXT} back="/system/setting" />
  );
}
