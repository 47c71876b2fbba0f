import { describe, expect, it } from 'vitest';
import { exportCreateBodySchema, orderExportFiltersSchema } from './export.js';
import { ORDER_MONEY_FILTERS } from './finance-rules.js';
import { orderFilterSchema } from './fulfilment.js';
import { logField } from './log-labels.js';
import { orderListParamsSchema, orderStatusCountsBodySchema } from './order.js';
import {
  ALL_ORDERS,
  describeOrderFilters,
  ORDER_FILTER_KEYS,
  ORDER_FILTERS,
  orderFiltersSummary,
} from './order-filters.js';

/** The filter keys of the list's body: everything but the page. */
const listFilterKeys = Object.keys(orderListParamsSchema.shape).filter(
  (key) => key !== 'pageIndex' && key !== 'pageSize',
);

describe('the order filters, declared once', () => {
  it('every filter of the list body is declared, and the list, counts, export and batch bodies take them all', () => {
    expect(listFilterKeys.sort()).toEqual([...ORDER_FILTER_KEYS].sort());
    expect(Object.keys(orderExportFiltersSchema.shape).sort()).toEqual([...ORDER_FILTER_KEYS].sort());
    expect(Object.keys(orderFilterSchema.shape).sort()).toEqual([...ORDER_FILTER_KEYS].sort());
    expect(Object.keys(exportCreateBodySchema.shape).sort()).toEqual(
      [...ORDER_FILTER_KEYS, 'format', 'columns'].sort(),
    );
    // The status tabs' counts: the list's filters without the status (each tab is one).
    expect(Object.keys(orderStatusCountsBodySchema.shape).sort()).toEqual(
      ORDER_FILTER_KEYS.filter((key) => key !== 'status').sort(),
    );
  });

  it.each(listFilterKeys)(
    '%s reads as words, alone (its example as a request and as an export keeps it)',
    (key) => {
      const declared = ORDER_FILTERS[key as keyof typeof ORDER_FILTERS];
      const parsed = orderExportFiltersSchema.parse({ [key]: declared.example });
      expect(parsed[key as keyof typeof parsed], 'the example is a value that filters').toBeDefined();
      for (const filters of [{ [key]: declared.example }, JSON.parse(JSON.stringify(parsed))]) {
        const words = describeOrderFilters(filters, { shopName: (id) => `店铺${id}` });
        expect(words).toHaveLength(1);
        expect(words[0]).not.toBe('');
        expect(orderFiltersSummary(filters)).not.toBe(ALL_ORDERS);
      }
      // The operation log names the field of an export's filters.
      expect(logField('export', key)?.label, 'a label in log-labels.ts').toBeTruthy();
    },
  );

  it('the money filters are the ones finance:view guards', () => {
    const money = ORDER_FILTER_KEYS.filter((key) => 'money' in ORDER_FILTERS[key]);
    expect(money.sort()).toEqual([...ORDER_MONEY_FILTERS].sort());
  });
});

describe('下载中心 describes an export by its filters', () => {
  // The filters as an export job keeps them (parsed, only those present).
  const summary = (filters: Record<string, unknown>) =>
    orderFiltersSummary(filters, { shopName: (id) => (id === 3 ? '旗舰店' : `#${id}`) });

  it('names 预售订单, 亏损 / 盈利 / other profit bounds and 未录入成本, not 全部订单', () => {
    expect(summary({ pre_sale: true })).toBe('预售订单');
    expect(summary({ profit_max: -1 })).toBe('利润：亏损');
    expect(summary({ profit_min: 0 })).toBe('利润：盈利');
    expect(summary({ profit_min: 1000, profit_max: 5000 })).toBe('利润：¥10.00 至 ¥50.00');
    expect(summary({ profit_max: 250 })).toBe('利润：不高于 ¥2.50');
    expect(summary({ cost_missing: true })).toBe('未录入成本');
    expect(summary({})).toBe(ALL_ORDERS);
  });

  it('names the status, platform, shop, dates, keyword, buyer and 黑名单, in one line', () => {
    expect(
      summary({
        keyword: 'DF1',
        status: 'pending',
        shop_id: 3,
        platform: 'pinduoduo',
        start_date: '2026-11-01',
        end_date: '2026-11-30',
        buyer_id: 7,
        blacklisted: true,
        pre_sale: true,
      }),
    ).toBe(
      '关键词：DF1；状态：待采购；店铺：旗舰店；平台：拼多多；下单日期：2026-11-01 至 2026-11-30；指定买家；仅黑名单买家；预售订单',
    );
    expect(summary({ end_date: '2026-11-30' })).toBe('下单日期：不限 至 2026-11-30');
    // Not an order filter, or not a valid value: left out.
    expect(summary({ kind: 'topup', status: 'lost' })).toBe(ALL_ORDERS);
  });
});
