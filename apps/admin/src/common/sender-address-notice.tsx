import { apiQuery } from '@consign/api-client/query';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useApi } from '../lib/use-api';
import { COMMON_TEXT } from './texts';

/**
 * Asks for a 发货地址 while the account has none (新手指引, 代发设置): a supplier's shipment waits for
 * one before the order ships in Consign and its tracking goes back to the platform. Nothing once one
 * is set.
 */
export function SenderAddressNotice() {
  const addresses = useQuery(apiQuery(useApi(), '/api/address/index', { kind: 'sender' }));
  if (!addresses.data || addresses.data.length > 0) return null;
  return (
    <p
      role="alert"
      data-slot="sender-address-missing"
      className="flex flex-wrap items-center gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm"
    >
      {COMMON_TEXT.senderMissing}
      <Link to="/system/address" className="text-primary underline-offset-4 hover:underline">
        {COMMON_TEXT.senderMissingLink}
      </Link>
    </p>
  );
}
