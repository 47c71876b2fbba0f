import { describe, expect, it } from 'vitest';
import { parseSearch } from '../../lib/search';
import {
  afterSaleList,
  copyRecordList,
  goodsList,
  logList,
  orderList,
  shopGroupList,
  shopList,
} from './lists';

/** The request body a list page sends for an address. */
function paramsFor<S>(
  list: { search: { parse: (input: unknown) => S }; toParams: (search: S) => unknown },
  query: string,
) {
  return list.toParams(list.search.parse(parseSearch(query)));
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
