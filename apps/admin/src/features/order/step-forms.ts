import {
  type Address,
  type CarrierCode,
  isValidMobile,
  normalizeMobile,
  normalizeTrackingNo,
  type OrderAddressBody,
  type OrderPurchaseBody,
  type OrderShipBody,
  trackingNoProblem,
} from '@consign/api-client';
import type { FormErrors } from '../../lib/use-form-state';
import { parseYuan } from '../shop/goods-form';
import { FULFILMENT_COPY as f } from './fulfilment-copy';

/**
 * The step forms of an order (采购, 发货, 取消) as typed, with the contract's rules (rules.ts: the
 * carrier's tracking-number format, the lengths of fulfilment.ts), and their bodies.
 */

export interface PurchaseFormValues {
  supplier: string;
  supplier_order_no: string;
  /** Yuan, as typed. */
  cost: string;
}
export const EMPTY_PURCHASE: PurchaseFormValues = { supplier: '', supplier_order_no: '', cost: '' };

export function validatePurchase(v: PurchaseFormValues): FormErrors<PurchaseFormValues> {
  const errors: FormErrors<PurchaseFormValues> = {};
  if (!v.supplier.trim() || v.supplier.trim().length > 64) errors.supplier = f.required(f.supplier);
  if (!v.supplier_order_no.trim() || v.supplier_order_no.trim().length > 64) {
    errors.supplier_order_no = f.required(f.supplierOrderNo);
  }
  if (parseYuan(v.cost) === undefined) errors.cost = f.badCost;
  return errors;
}

export function purchaseBody(id: number, v: PurchaseFormValues): OrderPurchaseBody {
  return {
    id,
    supplier: v.supplier.trim(),
    supplier_order_no: v.supplier_order_no.trim(),
    cost: parseYuan(v.cost) ?? 0,
  };
}

export interface ShipFormValues {
  carrier: CarrierCode | '';
  tracking_no: string;
  /** The address id as the select holds it. */
  sender_address_id: string;
}

/** An empty ship form with the default sender address preselected. */
export function emptyShip(addresses: readonly Address[]): ShipFormValues {
  const sender = addresses.find((a) => a.kind === 'sender' && a.is_default);
  return { carrier: '', tracking_no: '', sender_address_id: sender ? String(sender.id) : '' };
}

export function validateShip(v: ShipFormValues): FormErrors<ShipFormValues> {
  const errors: FormErrors<ShipFormValues> = {};
  if (!v.carrier) errors.carrier = f.pickOne(f.carrier);
  if (!v.tracking_no.trim()) errors.tracking_no = f.required(f.trackingNo);
  else if (v.carrier) {
    const problem = trackingNoProblem(v.carrier, v.tracking_no);
    if (problem) errors.tracking_no = problem;
  }
  if (!v.sender_address_id) errors.sender_address_id = f.pickOne(f.sender);
  return errors;
}

export function shipBody(id: number, v: ShipFormValues): OrderShipBody {
  return {
    id,
    carrier: v.carrier as CarrierCode,
    tracking_no: normalizeTrackingNo(v.tracking_no),
    sender_address_id: Number(v.sender_address_id),
  };
}

export interface ReasonFormValues {
  reason: string;
}

export function validateReason(label: string) {
  return (v: ReasonFormValues): FormErrors<ReasonFormValues> =>
    !v.reason.trim() || v.reason.trim().length > 200 ? { reason: f.required(label) } : {};
}

/**
 * 修改收货地址: the receiver's name, mobile and address. Staff only see the mobile masked, so the field
 * starts empty: left empty, the mobile is kept; typed, it must be a mainland mobile (the contract's rule).
 */
export interface AddressFormValues {
  name: string;
  mobile: string;
  address: string;
}

export function validateAddress(v: AddressFormValues): FormErrors<AddressFormValues> {
  const errors: FormErrors<AddressFormValues> = {};
  if (!v.name.trim() || v.name.trim().length > 32) errors.name = f.required(f.receiverName);
  if (v.mobile.trim() && !isValidMobile(v.mobile)) errors.mobile = f.mobileInvalid;
  if (!v.address.trim() || v.address.trim().length > 200) errors.address = f.required(f.receiverAddress);
  return errors;
}

/**
 * The body of `/api/order/address` at the `version` the form was filled from (no `mobile` when the
 * field was left empty: the mobile is kept).
 */
export function addressBody(id: number, version: number, v: AddressFormValues): OrderAddressBody {
  const mobile = normalizeMobile(v.mobile);
  return { id, name: v.name.trim(), address: v.address.trim(), ...(mobile ? { mobile } : {}), version };
}

/** The form's values for the receiver of `detail` (the mobile field starts empty: it is masked). */
export function addressForm(detail: { receiver: { name: string; address: string } }): AddressFormValues {
  return { name: detail.receiver.name, mobile: '', address: detail.receiver.address };
}
