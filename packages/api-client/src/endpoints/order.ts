import type { CallFn, CallOptions } from '../client.js';
import type { IdParams } from '../contract/common.js';
import type {
  AfterSaleReceiveBody,
  AfterSaleRefundBody,
  AfterSaleRejectBody,
  OrderAddressBody,
  OrderBatchCancelBody,
  OrderBatchPurchaseBody,
  OrderBatchShipBody,
  OrderCancelBody,
  OrderCompleteBody,
  OrderPurchaseBody,
  OrderReceiverDecryptBody,
  OrderShipBody,
  OrderWritebackRetryBody,
} from '../contract/fulfilment.js';
import type { AfterSaleListParams, OrderListParams, ReceiverListParams } from '../contract/order.js';
import type { OrderCreateBody } from '../contract/order-entry.js';

/** The multipart form of an import: the file under `file` (sent, not signed). */
function importForm(file: Blob): FormData {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'import.csv');
  return form;
}

/** The multipart form of 导入订单: the shop (signed) and the file. */
function orderFileForm(shopId: number, file: Blob): FormData {
  const form = importForm(file);
  form.append('shop_id', String(shopId));
  return form;
}

/** `api.order`: the order lists, an order's detail and timeline, its steps, batches and after-sales. */
export function orderEndpoints(call: CallFn) {
  return {
    /** A page of dropshipping orders (`/api/order/index`). */
    index: (params: OrderListParams, options?: CallOptions) => call('/api/order/index', params, options),
    /** A page of after-sale requests (`/api/order/after-sale`). */
    afterSale: (params: AfterSaleListParams, options?: CallOptions) =>
      call('/api/order/after-sale', params, options),
    /** One order with its purchase and shipping details and its timeline (`/api/order/detail`). */
    detail: (params: IdParams, options?: CallOptions) => call('/api/order/detail', params, options),
    /** 采购: 待采购 -> 已采购 (`/api/order/purchase`). */
    purchase: (body: OrderPurchaseBody, options?: CallOptions) => call('/api/order/purchase', body, options),
    /** 发货: 已采购 -> 已发货 (`/api/order/ship`). */
    ship: (body: OrderShipBody, options?: CallOptions) => call('/api/order/ship', body, options),
    /** 完成: 已发货 -> 已完成 (`/api/order/complete`). */
    complete: (body: OrderCompleteBody, options?: CallOptions) => call('/api/order/complete', body, options),
    /** 取消 with a reason: 待采购 or 已采购 -> 已取消 (`/api/order/cancel`). */
    cancel: (body: OrderCancelBody, options?: CallOptions) => call('/api/order/cancel', body, options),
    /** 地址管理: a page of the buyers' receiving addresses (`/api/order/receivers`). */
    receivers: (params: ReceiverListParams, options?: CallOptions) =>
      call('/api/order/receivers', params, options),
    /** 修改收货地址 before it ships: 待采购 or 已采购 only (`/api/order/address`). */
    address: (body: OrderAddressBody, options?: CallOptions) => call('/api/order/address', body, options),
    /** 批量采购 (`/api/order/batch-purchase`). */
    batchPurchase: (body: OrderBatchPurchaseBody, options?: CallOptions) =>
      call('/api/order/batch-purchase', body, options),
    /** 批量发货 (`/api/order/batch-ship`). */
    batchShip: (body: OrderBatchShipBody, options?: CallOptions) =>
      call('/api/order/batch-ship', body, options),
    /** 导入快递单号, preview (`/api/order/import-preview`): each row of the file with its errors; writes nothing. */
    importPreview: (file: Blob, options?: CallOptions) =>
      call('/api/order/import-preview', importForm(file), options),
    /** 手工建单 (`/api/order/create`): one order typed in, 待采购. */
    create: (body: OrderCreateBody, options?: CallOptions) => call('/api/order/create', body, options),
    /** 导入订单 (`/api/order/import-orders-preview`): every row of a platform's order file with its errors. */
    importOrdersPreview: (shopId: number, file: Blob, options?: CallOptions) =>
      call('/api/order/import-orders-preview', orderFileForm(shopId, file), options),
    /** 导入订单 (`/api/order/import-orders-apply`): the same file again; adds or updates its valid rows. */
    importOrdersApply: (shopId: number, file: Blob, options?: CallOptions) =>
      call('/api/order/import-orders-apply', orderFileForm(shopId, file), options),
    /** 导入快递单号 (`/api/order/import-apply`): the same file again; ships its valid rows. */
    importApply: (file: Blob, options?: CallOptions) =>
      call('/api/order/import-apply', importForm(file), options),
    /** 批量取消 (`/api/order/batch-cancel`). */
    batchCancel: (body: OrderBatchCancelBody, options?: CallOptions) =>
      call('/api/order/batch-cancel', body, options),
    /** One after-sale request with its answers and 处理记录 (`/api/order/after-sale-detail`). */
    afterSaleDetail: (params: IdParams, options?: CallOptions) =>
      call('/api/order/after-sale-detail', params, options),
    /** 同意退款 (`/api/order/after-sale-refund`). */
    afterSaleRefund: (body: AfterSaleRefundBody, options?: CallOptions) =>
      call('/api/order/after-sale-refund', body, options),
    /** 拒绝 with a reason (`/api/order/after-sale-reject`). */
    afterSaleReject: (body: AfterSaleRejectBody, options?: CallOptions) =>
      call('/api/order/after-sale-reject', body, options),
    /** 确认收到退货 with the return tracking number (`/api/order/after-sale-receive`). */
    afterSaleReceive: (body: AfterSaleReceiveBody, options?: CallOptions) =>
      call('/api/order/after-sale-receive', body, options),
    /** 重新回传 of a 待回传 or 回传失败 platform order (`/api/order/writeback-retry`). */
    writebackRetry: (body: OrderWritebackRetryBody, options?: CallOptions) =>
      call('/api/order/writeback-retry', body, options),
    /** 查看完整收货信息: the receiver decrypted through the platform (`/api/order/receiver-decrypt`). */
    receiverDecrypt: (body: OrderReceiverDecryptBody, options?: CallOptions) =>
      call('/api/order/receiver-decrypt', body, options),
  };
}
