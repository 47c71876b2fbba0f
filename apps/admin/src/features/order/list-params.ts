import {
  AFTER_SALE_STATUSES,
  AFTER_SALE_TYPES,
  type AfterSaleListParams,
  ORDER_STATUSES,
  type OrderListParams,
  PLATFORMS,
} from '@consign/api-client';
import { dateFrom, idFrom, oneOf } from '../list/search-params';
import type { AfterSaleSearch, OrderSearch } from './search-schema';

/** The request body of `/api/order/index` from the address: values the API would refuse are dropped. */
export function orderListParams(search: OrderSearch): OrderListParams {
  return {
    pageIndex: search.pageIndex,
    pageSize: search.pageSize,
    keyword: search.keyword,
    status: oneOf(search.status, ORDER_STATUSES),
    shop_id: idFrom(search.shop_id),
    platform: oneOf(search.platform, PLATFORMS),
    start_date: dateFrom(search.start_date),
    end_date: dateFrom(search.end_date),
  };
}

/** The request body of `/api/order/after-sale` from the address. */
export function afterSaleListParams(search: AfterSaleSearch): AfterSaleListParams {
  return {
    pageIndex: search.pageIndex,
    pageSize: search.pageSize,
    keyword: search.keyword,
    status: oneOf(search.status, AFTER_SALE_STATUSES),
    type: oneOf(search.type, AFTER_SALE_TYPES),
    shop_id: idFrom(search.shop_id),
    start_date: dateFrom(search.start_date),
    end_date: dateFrom(search.end_date),
  };
}
