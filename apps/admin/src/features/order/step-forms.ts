import { type Address, normalizeMobile } from '@consign/api-client';
import {
  orderAddressBodySchema,
  orderCancelBodySchema,
  orderPurchaseBodySchema,
  orderShipBodySchema,
  PURCHASE_FIELD_NAMES,
} from '@consign/api-client/contract';
import * as z from 'zod';
import type { FieldMessages } from '../../common/form';
import { FULFILMENT_TEXT } from './fulfilment-texts';
import { emptyPurchaseInputs, purchaseMessagesOf, typedPurchaseShape } from './purchase-inputs';

/**
 * The step forms of an order (采购, 发货, 取消, 修改收货地址): each is the contract's body schema of
 * its call (rules and limits in `@consign/api-client/contract`, the server's db/order-steps.ts), with the order's `id`
 * (and `version`) among the default values, so what the form hands on submit is the body. Only what a
 * person types differently from what the API takes is said here: money in yuan, an empty mobile.
 */

/** 采购: its fields (purchase-fields.ts), a money field typed in yuan (at most two decimals) and sent in fen. */
export const purchaseForm = orderPurchaseBodySchema.extend(typedPurchaseShape(PURCHASE_FIELD_NAMES));
export const purchaseMessages: FieldMessages<z.input<typeof purchaseForm>> =
  purchaseMessagesOf(PURCHASE_FIELD_NAMES);
export const emptyPurchase = (id: number): z.input<typeof purchaseForm> => ({
  id,
  ...emptyPurchaseInputs(PURCHASE_FIELD_NAMES),
});

/** 发货: the carrier and the sender are picked ('' until then); the tracking number checked against the carrier. */
export const shipForm = orderShipBodySchema;
export const shipMessages: FieldMessages<z.input<typeof shipForm>> = {
  carrier: FULFILMENT_TEXT.pickOne(FULFILMENT_TEXT.carrier),
  tracking_no: FULFILMENT_TEXT.required(FULFILMENT_TEXT.trackingNo),
  sender_address_id: FULFILMENT_TEXT.pickOne(FULFILMENT_TEXT.sender),
};
/** An empty ship form with the default sender address preselected. */
export function emptyShip(id: number, addresses: readonly Address[]) {
  const sender = addresses.find((a) => a.kind === 'sender' && a.is_default);
  return {
    id,
    carrier: '' as z.input<typeof shipForm>['carrier'],
    tracking_no: '',
    sender_address_id: sender ? String(sender.id) : '',
  };
}

/** 取消: the reason. */
export const cancelForm = orderCancelBodySchema;
export const cancelMessages: FieldMessages<z.input<typeof cancelForm>> = {
  reason: FULFILMENT_TEXT.required(FULFILMENT_TEXT.reason),
};

/**
 * 修改收货地址: the receiver's name, mobile and address. Staff only see the mobile masked, so the field
 * starts empty: left empty, the mobile is kept (not sent); typed, it must be a mainland mobile.
 */
export const addressForm = orderAddressBodySchema.extend({
  mobile: z
    .string()
    .transform((typed) => normalizeMobile(typed) || undefined)
    .pipe(orderAddressBodySchema.shape.mobile),
});
export const addressMessages: FieldMessages<z.input<typeof addressForm>> = {
  name: FULFILMENT_TEXT.required(FULFILMENT_TEXT.receiverName),
  mobile: FULFILMENT_TEXT.mobileInvalid,
  address: FULFILMENT_TEXT.required(FULFILMENT_TEXT.receiverAddress),
};
/** The form of the receiver of `detail`, at its version (the mobile field starts empty: it is masked). */
export function addressValues(detail: {
  id: number;
  version: number;
  receiver: { name: string; address: string };
}): z.input<typeof addressForm> {
  return {
    id: detail.id,
    name: detail.receiver.name,
    mobile: '',
    address: detail.receiver.address,
    version: detail.version,
  };
}
