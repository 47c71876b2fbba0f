import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { parseSearch } from '../../lib/search';
import { defineList, filter, listSearch, pageOf } from './define-list';
import {
  afterSaleList,
  copyRecordList,
  goodsList,
  logList,
  orderList,
  preSaleList,
  shopGroupList,
  shopList,
} from './lists';

/** The request body a list page sends for an address. */
function paramsFor<S>(
  list: { search: v.GenericSchema<unknown, S>; toParams: (search: S) => unknown },
  query: string,
) {
  return list.toParams(v.parse(list.search, parseSearch(query)));
}

describe('the request body of each list, from its address', () => {
  it('操作日志 sends who as actor, an action code and the days; a malformed action is left out', () => {
    expect(
      paramsFor(logList, '?keyword=139&action=goods.save&start_date=2026-11-01&end_date=2026-11-22'),
    ).toEqual({
      pageIndex: 1,
      pageSize: 20,
      actor: '139',
      action: 'goods.save',
      start_date: '2026-11-01',
      end_date: '2026-11-22',
    });
    expect(paramsFor(logList, '?action=DROP%20TABLE&start_date=soon')).toMatchObject({
      action: undefined,
      start_date: undefined,
    });
  });

  it('代发订单 sends valid filters typed and leaves out what the API would refuse', () => {
    expect(
      paramsFor(
        orderList,
        '?pageIndex=2&keyword=%E5%BA%97&status=shipped&shop_id=7&platform=douyin&start_date=2026-01-02&end_date=2026-02-03',
      ),
    ).toEqual({
      pageIndex: 2,
      pageSize: 20,
      keyword: '店',
      status: 'shipped',
      shop_id: 7,
      platform: 'douyin',
      start_date: '2026-01-02',
      end_date: '2026-02-03',
    });
    expect(
      paramsFor(orderList, '?status=lost&shop_id=abc&platform=ebay&start_date=yesterday&junk=1'),
    ).toEqual({
      pageIndex: 1,
      pageSize: 20,
      keyword: undefined,
      status: undefined,
      shop_id: undefined,
      platform: undefined,
      start_date: undefined,
      end_date: undefined,
    });
  });

  it('售后订单 reads its type and status', () => {
    expect(paramsFor(afterSaleList, '?type=exchange&status=finished')).toMatchObject({
      type: 'exchange',
      status: 'finished',
    });
    expect(paramsFor(afterSaleList, '?type=gift&status=shipped')).toMatchObject({
      type: undefined,
      status: undefined,
    });
  });

  it('店铺设置 reads group_id=0 as 未分组 and the auth status', () => {
    expect(paramsFor(shopList, '?group_id=0&auth_status=expired')).toMatchObject({
      group_id: 0,
      auth_status: 'expired',
    });
    expect(paramsFor(shopList, '?group_id=-1&auth_status=maybe')).toMatchObject({
      group_id: undefined,
      auth_status: undefined,
    });
  });

  it('店铺分组, 商品管理 and 复制记录 send their pagination and filters', () => {
    expect(paramsFor(shopGroupList, '?pageSize=2&keyword=%E5%8D%8E')).toEqual({
      pageIndex: 1,
      pageSize: 2,
      keyword: '华',
    });
    expect(paramsFor(goodsList, '?status=on_sale&shop_id=3')).toMatchObject({
      status: 'on_sale',
      shop_id: 3,
    });
    expect(paramsFor(copyRecordList, '?status=running&shop_id=x')).toMatchObject({
      status: 'running',
      shop_id: undefined,
    });
  });
});

describe('the API filter of 代发订单 (the list, 导出 and the batches send it)', () => {
  const filterFor = (query: string) => orderList.filter(v.parse(orderList.search, parseSearch(query)));

  it('holds one buyer (查看订单) and the 黑名单 filter beside the others', () => {
    expect(filterFor('?buyer_id=12&blacklisted=1&status=pending&pageIndex=3')).toEqual({
      keyword: undefined,
      status: 'pending',
      shop_id: undefined,
      platform: undefined,
      start_date: undefined,
      end_date: undefined,
      blacklisted: '1',
      buyer_id: 12,
    });
  });

  it('is the request body of the list without its page', () => {
    const query = '?pageIndex=2&keyword=x&buyer_id=5&blacklisted=1&platform=douyin&shop_id=3';
    const { pageIndex, pageSize, ...rest } = paramsFor(orderList, query) as Record<string, unknown>;
    expect([pageIndex, pageSize]).toEqual([2, 20]);
    expect(rest).toEqual(filterFor(query));
  });

  it('reads what the API would refuse as no filter', () => {
    expect(filterFor('?buyer_id=0&blacklisted=yes&status=PENDING')).toMatchObject({
      buyer_id: undefined,
      blacklisted: undefined,
      status: undefined,
    });
  });

  it('预售订单 is the same list with pre_sale fixed: the same filters read, pre_sale always sent', () => {
    const query = '?pageIndex=2&keyword=x&status=purchased&platform=douyin&shop_id=3&pre_sale=0';
    expect(paramsFor(preSaleList, query)).toEqual({
      ...(paramsFor(orderList, query) as object),
      pre_sale: '1',
    });
    expect(paramsFor(orderList, query)).toMatchObject({ pre_sale: undefined });
  });

  it('reads the opened order from ?order= (an id, or malformed), and never sends it', () => {
    const read = (query: string) => v.parse(orderList.search, parseSearch(query)).order;
    expect(read('?order=123')).toBe(123);
    expect(read('?order=12a')).toBe('malformed');
    expect(read('?order=0')).toBe('malformed');
    expect(read('?keyword=x')).toBeUndefined();
    expect(paramsFor(orderList, '?order=123&keyword=x')).toEqual(paramsFor(orderList, '?keyword=x'));
    expect(paramsFor(preSaleList, '?order=123')).not.toHaveProperty('order');
  });

  it('a filter of the API left out of a list’s mapping does not compile', () => {
    const list = defineList({
      search: v.object({ ...listSearch.entries, keyword: filter }),
      // @ts-expect-error /api/goods/index's body also has `status` and `shop_id`: the mapping must name them.
      filter: (search) => ({ keyword: search.keyword }),
      queryOptions: pageOf('/api/goods/index'),
    });
    expect(list.toParams({ pageIndex: 1, pageSize: 20, keyword: 'a' })).toEqual({
      pageIndex: 1,
      pageSize: 20,
      keyword: 'a',
    });
  });
});
