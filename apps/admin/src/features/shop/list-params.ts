import {
  COPY_STATUSES,
  type CopyRecordListParams,
  GOODS_STATUSES,
  type GoodsListParams,
  PLATFORMS,
  SHOP_AUTH_STATUSES,
  type ShopGroupListParams,
  type ShopListParams,
} from '@consign/api-client';
import { idFrom, oneOf } from '../list/search-params';
import type { CopyRecordSearch, GoodsSearch, ShopGroupSearch, ShopSearch } from './search-schema';

export function shopListParams(search: ShopSearch): ShopListParams {
  return {
    pageIndex: search.pageIndex,
    pageSize: search.pageSize,
    keyword: search.keyword,
    platform: oneOf(search.platform, PLATFORMS),
    group_id: search.group_id === '0' ? 0 : idFrom(search.group_id),
    auth_status: oneOf(search.auth_status, SHOP_AUTH_STATUSES),
  };
}

export function shopGroupListParams(search: ShopGroupSearch): ShopGroupListParams {
  return { pageIndex: search.pageIndex, pageSize: search.pageSize, keyword: search.keyword };
}

export function goodsListParams(search: GoodsSearch): GoodsListParams {
  return {
    pageIndex: search.pageIndex,
    pageSize: search.pageSize,
    keyword: search.keyword,
    status: oneOf(search.status, GOODS_STATUSES),
    shop_id: idFrom(search.shop_id),
  };
}

export function copyRecordListParams(search: CopyRecordSearch): CopyRecordListParams {
  return {
    pageIndex: search.pageIndex,
    pageSize: search.pageSize,
    keyword: search.keyword,
    status: oneOf(search.status, COPY_STATUSES),
    shop_id: idFrom(search.shop_id),
  };
}
