import type { ProfitReport, ProfitSums } from '@consign/api-client';
import { PLATFORM_LABELS, PROFIT_REPORT_MAX_DAYS, shanghaiDateTime } from '@consign/api-client/contract';
import { apiQuery } from '@consign/api-client/query';
import { Button, formatMoney, Input, Spinner } from '@consign/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { ExportMenu } from '../../common/export-menu';
import { ShopSelect } from '../../common/list/shop-select';
import { usePageTitle } from '../../common/page-title';
import { useApi } from '../../lib/use-api';
import { formatMargin } from './margin';
import { PROFIT_TEXT } from './texts';

const reportText = PROFIT_TEXT.report;
const route = getRouteApi('/_authed/dashboard/profit');

// chartist and the chart code load with this page only, after its first paint.
const ProfitChart = lazy(() => import('./profit-chart').then((m) => ({ default: m.ProfitChart })));

/** Today and the day 29 days before, Asia/Shanghai (the server's days). */
export function lastThirtyDays(nowMs = Date.now()): { start_date: string; end_date: string } {
  const now = Math.floor(nowMs / 1000);
  return {
    start_date: shanghaiDateTime(now - 29 * 86_400).slice(0, 10),
    end_date: shanghaiDateTime(now).slice(0, 10),
  };
}

/** Whether a period is one the server takes: both days, in order, at most 366 days. */
function validPeriod(start: string, end: string): boolean {
  if (!start || !end || start > end) return false;
  return Date.parse(end) - Date.parse(start) < PROFIT_REPORT_MAX_DAYS * 86_400_000;
}

/**
 * 利润报表 (工作台): orders, sales, cost, profit and margin of a period (the address holds it, last 30
 * days when it says nothing), optionally of one shop, by day (a chart and a table), by shop and by
 * goods; orders without a cost are counted apart (成本未录入), never as free. 导出 makes an order export
 * of the same period and shop (下载中心), whose rows carry each order's cost and profit.
 */
export function ProfitReportPage() {
  const title = usePageTitle();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const fallback = lastThirtyDays();
  const period = {
    start_date: search.start_date ?? fallback.start_date,
    end_date: search.end_date ?? fallback.end_date,
    shop_id: search.shop_id,
  };
  const [draft, setDraft] = useState({
    start: period.start_date,
    end: period.end_date,
    shop: period.shop_id ? String(period.shop_id) : '',
  });
  const [problem, setProblem] = useState(false);
  const query = useQuery({
    ...apiQuery(useApi(), '/api/report/profit', period),
    placeholderData: keepPreviousData,
  });
  const titleId = useId();
  const report = query.data;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-lg bg-card p-4 shadow-sm">
      <h1 id={titleId} className="text-lg font-semibold">
        {title}
      </h1>
      <form
        className="flex flex-wrap items-center gap-2"
        aria-label={reportText.period}
        onSubmit={(event) => {
          event.preventDefault();
          if (!validPeriod(draft.start, draft.end)) return setProblem(true);
          setProblem(false);
          void navigate({
            search: {
              start_date: draft.start,
              end_date: draft.end,
              shop_id: draft.shop ? Number(draft.shop) : undefined,
            },
          });
        }}
      >
        <span className="flex items-center gap-1">
          <Input
            type="date"
            aria-label={reportText.startDate}
            value={draft.start}
            max={draft.end || undefined}
            onChange={(event) => setDraft({ ...draft, start: event.target.value })}
            wrapperClassName="w-36"
          />
          <span aria-hidden="true" className="text-muted-foreground text-sm">
            {reportText.dateTo}
          </span>
          <Input
            type="date"
            aria-label={reportText.endDate}
            value={draft.end}
            min={draft.start || undefined}
            onChange={(event) => setDraft({ ...draft, end: event.target.value })}
            wrapperClassName="w-36"
          />
        </span>
        <ShopSelect
          value={draft.shop}
          onChange={(shop) => setDraft({ ...draft, shop })}
          label={reportText.shop}
          placeholder={reportText.allShops}
          className="w-40"
        />
        <Button type="submit" variant="primary">
          {reportText.search}
        </Button>
        {draft.shop ? (
          <Button type="button" variant="link" onClick={() => setDraft({ ...draft, shop: '' })}>
            {reportText.allShops}
          </Button>
        ) : null}
        <ExportMenu filter={period} list="profit" />
        {problem ? (
          <p role="alert" className="w-full text-error text-sm">
            {reportText.badPeriod}
          </p>
        ) : null}
      </form>
      {!report ? (
        <Spinner aria-label={reportText.loading} />
      ) : (
        <div aria-busy={query.isFetching} className="flex flex-col gap-4">
          <Totals sums={report.totals} />
          <figure
            aria-hidden="true"
            className="flex flex-col gap-2 rounded-md border border-border bg-background p-3"
          >
            <figcaption className="flex gap-4 text-sm text-muted-foreground">
              {reportText.chartCaption}
              <span className="flex items-center gap-1">
                <span className="inline-block size-2 bg-primary" /> {reportText.legendSales}
              </span>
              <span className="flex items-center gap-1">
                <span className="inline-block size-2 bg-success" /> {reportText.legendProfit}
              </span>
            </figcaption>
            <div className="h-56">
              <Suspense fallback={null}>
                <ProfitChart days={report.days} />
              </Suspense>
            </div>
          </figure>
          <SumsTable
            slot="profit-by-day"
            caption={reportText.byDay}
            head={[reportText.date]}
            rows={report.days.map((day) => ({ key: day.date, cells: [day.date], sums: day }))}
          />
          <SumsTable
            slot="profit-by-shop"
            caption={reportText.byShop}
            head={[reportText.shopName, reportText.platform]}
            rows={report.shops.map((shop) => ({
              key: String(shop.shop_id),
              cells: [shop.shop_name, PLATFORM_LABELS[shop.platform]],
              sums: shop,
            }))}
          />
          <SumsTable
            slot="profit-by-goods"
            caption={reportText.byGoods}
            head={[reportText.goods]}
            rows={report.goods.map((goods) => ({ key: goods.title, cells: [goods.title], sums: goods }))}
          />
        </div>
      )}
    </section>
  );
}

/** The period's figures: orders, sales, cost, fee, 代发服务费, profit, margin, and the orders without a cost. */
function Totals({ sums }: { sums: ProfitReport['totals'] }) {
  const cards: [string, string, string][] = [
    ['orders', reportText.orders, String(sums.orders)],
    ['sales', reportText.sales, formatMoney(sums.sales)],
    ['cost', reportText.cost, formatMoney(sums.cost)],
    ['fee', reportText.fee, formatMoney(sums.fee)],
    ['service_fee', reportText.serviceFee, formatMoney(sums.service_fee)],
    ['profit', reportText.profit, formatMoney(sums.profit)],
    ['margin', reportText.margin, formatMargin(sums)],
  ];
  return (
    <div data-slot="profit-totals" className="flex flex-col gap-2">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {cards.map(([key, label, value]) => (
          <div key={key} data-total={key} className="rounded-md border border-border p-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">
        {sums.uncosted_orders > 0 ? (
          <span data-slot="profit-uncosted" className="text-warning-strong">
            {reportText.uncostedHint(sums.uncosted_orders, formatMoney(sums.uncosted_sales))}
          </span>
        ) : null}{' '}
        {reportText.marginHint}
      </p>
    </div>
  );
}

/** One grouping of the report as a table: its own columns, then the sums. */
function SumsTable({
  slot,
  caption,
  head,
  rows,
}: {
  slot: string;
  caption: string;
  head: string[];
  rows: { key: string; cells: ReactNode[]; sums: ProfitSums }[];
}) {
  return (
    <div className="overflow-x-auto">
      <table data-slot={slot} className="w-full text-sm">
        <caption className="mb-2 text-left text-base font-medium">{caption}</caption>
        <thead>
          <tr className="text-left text-muted-foreground">
            {[...head].map((label) => (
              <th key={label} scope="col" className="py-1 pr-3 font-normal">
                {label}
              </th>
            ))}
            {[
              reportText.orders,
              reportText.sales,
              reportText.cost,
              reportText.fee,
              reportText.profit,
              reportText.margin,
              reportText.uncosted,
            ].map((label) => (
              <th key={label} scope="col" className="py-1 pr-3 text-right font-normal">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length + 7} className="py-3 text-center text-muted-foreground">
                {reportText.empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key} className="border-border border-t">
                {row.cells.map((cell, i) =>
                  i === 0 ? (
                    <th key={head[i]} scope="row" className="py-1 pr-3 text-left font-normal">
                      {cell}
                    </th>
                  ) : (
                    <td key={head[i]} className="py-1 pr-3">
                      {cell}
                    </td>
                  ),
                )}
                <td className="py-1 pr-3 text-right tabular-nums">{row.sums.orders}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{formatMoney(row.sums.sales)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{formatMoney(row.sums.cost)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{formatMoney(row.sums.fee)}</td>
                <td
                  data-profit={row.sums.profit}
                  className={`py-1 pr-3 text-right tabular-nums ${row.sums.profit < 0 ? 'text-error' : ''}`}
                >
                  {formatMoney(row.sums.profit)}
                </td>
                <td className="py-1 pr-3 text-right tabular-nums">{formatMargin(row.sums)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{row.sums.uncosted_orders}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
