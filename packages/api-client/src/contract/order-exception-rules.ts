/**
 * 异常订单: the exception views of 代发订单 (docs/design.md#order-exceptions). Each kind is one view of
 * the order list (`exception` filter), with its count (`/api/order/exception-counts`), its reason on
 * every order row and one grouped notification per account.
 * - `purchase_failed` 采购失败: the last 一键采购/自动采购 attempt failed (not for want of stock) and the
 *   order is still 待采购;
 * - `out_of_stock` 缺货: the last attempt failed because the 1688 supplier is out of stock;
 * - `unpaid` 待付款: the 1688 order is placed and not paid;
 * - `intercept` 售后拦截: an after-sale opened after the 1688 order was placed, before the supplier shipped (需拦截);
 * - `writeback_failed` 回传失败: the platform refused the shipment's writeback.
 */
export const ORDER_EXCEPTIONS = [
  'purchase_failed',
  'out_of_stock',
  'unpaid',
  'intercept',
  'writeback_failed',
] as const;
export type OrderException = (typeof ORDER_EXCEPTIONS)[number];

export const ORDER_EXCEPTION_LABELS = {
  purchase_failed: '采购失败',
  out_of_stock: '缺货',
  unpaid: '待付款',
  intercept: '售后拦截',
  writeback_failed: '回传失败',
} as const satisfies Record<OrderException, string>;

/** What a bad `exception` filter answers (400). */
export const ORDER_EXCEPTION_INVALID = `异常类型不正确，可选：${ORDER_EXCEPTIONS.join('、')}`;

/** The reason 1688 gives for an out-of-stock refusal, as the seller reads it (platforms/alibaba.ts). */
export const SUPPLIER_OUT_OF_STOCK_MESSAGE = '1688供应商库存不足';

/** The 代发订单 view of one exception kind: the link of its notification and of 工作台's count. */
export function orderExceptionLink(kind: OrderException): string {
  return `/order/index?exception=${kind}`;
}

/** The grouped notification's title: `3 个订单采购失败`. */
export function orderExceptionTitle(kind: OrderException, count: number): string {
  return `${count} 个订单${ORDER_EXCEPTION_LABELS[kind]}`;
}
