import { CARRIERS, type CarrierCode } from '@consign/api-client';
import { apiQuery } from '@consign/api-client/query';
import { Field, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@consign/ui';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/use-api';
import { FULFILMENT_TEXT as f } from './fulfilment-texts';

/**
 * The two pickers every 发货 form has, single (order detail) or batch (批量发货): the carrier and
 * the sender address. The values are strings ('' for none yet) because Radix Select works in strings.
 */

/** The account's sender addresses (发货地址) and the default one, fetched while `enabled`. */
export function useSenders(enabled: boolean) {
  const api = useApi();
  const addresses = useQuery({ ...apiQuery(api, '/api/address/index'), enabled }).data ?? [];
  const senders = addresses.filter((a) => a.kind === 'sender');
  return { senders, defaultSender: senders.find((a) => a.is_default)?.id };
}

export function CarrierField({
  value,
  onChange,
  error,
}: {
  value: CarrierCode | '';
  onChange: (value: CarrierCode) => void;
  error?: string;
}) {
  return (
    <Field label={f.carrier} error={error} required>
      <Select value={value} onValueChange={(v) => onChange(v as CarrierCode)}>
        <SelectTrigger className="w-full">
          <SelectValue placeholder={f.carrierPlaceholder} />
        </SelectTrigger>
        <SelectContent>
          {CARRIERS.map((c) => (
            <SelectItem key={c.code} value={c.code}>
              {c.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}

export function SenderField({
  senders,
  value,
  onChange,
  error,
}: {
  senders: ReturnType<typeof useSenders>['senders'];
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <Field
      label={f.sender}
      error={error}
      description={senders.length === 0 ? f.noSender : undefined}
      required
    >
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger className="w-full">
          <SelectValue placeholder={f.senderPlaceholder} />
        </SelectTrigger>
        <SelectContent>
          {senders.map((a) => (
            <SelectItem key={a.id} value={String(a.id)}>
              {`${a.name} ${a.region}${a.address}`}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}
