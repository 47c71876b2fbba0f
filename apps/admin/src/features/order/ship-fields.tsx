import { CARRIERS, type CarrierCode } from '@consign/api-client';
import { apiQuery } from '@consign/api-client/query';
import { Field, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@consign/ui';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Controller, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useApi } from '../../lib/use-api';
import { FULFILMENT_TEXT } from './fulfilment-texts';

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
    <Field label={FULFILMENT_TEXT.carrier} error={error} required>
      <Select value={value} onValueChange={(v) => onChange(v as CarrierCode)}>
        <SelectTrigger className="w-full">
          <SelectValue placeholder={FULFILMENT_TEXT.carrierPlaceholder} />
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
      label={FULFILMENT_TEXT.sender}
      error={error}
      description={senders.length === 0 ? FULFILMENT_TEXT.noSender : undefined}
      required
    >
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger className="w-full">
          <SelectValue placeholder={FULFILMENT_TEXT.senderPlaceholder} />
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

/** The fields of a 发货 form that {@link ShipPickers} binds (the single and the batch form both have them). */
interface ShipPickerValues {
  carrier: CarrierCode | '';
  sender_address_id: string | number;
}

/**
 * The carrier and the sender address of a 发货 form (the order's 发货 step, 批量发货), bound to the
 * form, with the default sender filled in when the addresses arrive after the form while the picker is
 * still empty. `children` go between the two (the single form's tracking number).
 */
export function ShipPickers<V extends FieldValues & ShipPickerValues, T>({
  form: typedForm,
  children,
}: {
  form: UseFormReturn<V, unknown, T>;
  children?: ReactNode;
}) {
  // Only the two fields above are touched: the form seen as just them.
  const form = typedForm as unknown as UseFormReturn<ShipPickerValues>;
  const { senders, defaultSender } = useSenders(true);
  const { getValues, setValue } = form;
  useEffect(() => {
    if (defaultSender !== undefined && !getValues('sender_address_id')) {
      setValue('sender_address_id', String(defaultSender));
    }
  }, [defaultSender, getValues, setValue]);
  const { errors } = form.formState;
  return (
    <>
      <Controller
        control={form.control}
        name="carrier"
        render={({ field }) => (
          <CarrierField value={field.value} onChange={field.onChange} error={errors.carrier?.message} />
        )}
      />
      {children}
      <Controller
        control={form.control}
        name="sender_address_id"
        render={({ field }) => (
          <SenderField
            senders={senders}
            value={String(field.value)}
            onChange={field.onChange}
            error={errors.sender_address_id?.message}
          />
        )}
      />
    </>
  );
}
