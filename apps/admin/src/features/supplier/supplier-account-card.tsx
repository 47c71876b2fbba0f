import type { SupplierAccountStatus } from '@consign/api-client';
import { apiQuery } from '@consign/api-client/query';
import { Button, formatDateTime, Spinner } from '@consign/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { StatusBadge, type Tone } from '../../common/status-badge';
import { useApi } from '../../lib/use-api';
import { SUPPLIER_TEXT } from './texts';

const TONES = { none: 'neutral', connected: 'success', expired: 'danger' } as const satisfies Record<
  SupplierAccountStatus,
  Tone
>;

/**
 * 代发设置 → 1688采购账号: 已连接 (the account, valid until its date) / 未连接 / 已过期, with 连接 or
 * 重新授权, which sends the browser to 1688's authorisation page; 1688 sends it back to
 * `/supplier/authorised` (supplier-authorised-page.tsx).
 */
export function SupplierAccountCard() {
  const api = useApi();
  const titleId = useId();
  const query = useQuery(apiQuery(api, '/api/supplier/account'));
  const authorise = useMutation({
    mutationFn: () => api.call('/api/supplier/authorise'),
    onSuccess: ({ url }) => {
      window.location.assign(url);
    },
  });
  const account = query.data;
  return (
    <section aria-labelledby={titleId} className="flex max-w-xl flex-col gap-3 rounded-md border p-4">
      <div className="flex items-center gap-2">
        <h2 id={titleId} className="text-base font-medium">
          {SUPPLIER_TEXT.title}
        </h2>
        {account ? (
          <StatusBadge label={SUPPLIER_TEXT.states[account.status]} tone={TONES[account.status]} />
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">{SUPPLIER_TEXT.intro}</p>
      {!account ? (
        <Spinner />
      ) : (
        <>
          {account.login_id ? <p className="text-sm">{SUPPLIER_TEXT.account(account.login_id)}</p> : null}
          {account.status === 'connected' && account.expires_at ? (
            <p className="text-sm text-muted-foreground">
              {SUPPLIER_TEXT.until(formatDateTime(account.expires_at).slice(0, 10))}
            </p>
          ) : null}
          {account.status === 'expired' ? (
            <p className="text-sm text-error">{SUPPLIER_TEXT.expiredHint}</p>
          ) : null}
          <div>
            <Button
              type="button"
              variant={account.status === 'connected' ? 'default' : 'primary'}
              disabled={authorise.isPending || authorise.isSuccess}
              onClick={() => authorise.mutate()}
            >
              {authorise.isPending || authorise.isSuccess
                ? SUPPLIER_TEXT.going
                : account.status === 'none'
                  ? SUPPLIER_TEXT.connect
                  : SUPPLIER_TEXT.reauthorise}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
