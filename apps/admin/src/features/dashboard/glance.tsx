import {
  type CurrentUser,
  type DashboardSummary,
  hasPermission,
  ORDER_EXCEPTION_LABELS,
  ORDER_EXCEPTIONS,
  SHOP_ATTENTION_LABELS,
  SHOP_ATTENTIONS,
} from '@consign/api-client';
import { apiQuery } from '@consign/api-client/query';
import { Button, cn, formatMoney } from '@consign/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense } from 'react';
import { useApi } from '../../lib/use-api';
import { DASHBOARD_TEXT } from './texts';

const glanceText = DASHBOARD_TEXT.glance;

// chartist and the chart code load after the first paint, once the summary is there.
const DaysChart = lazy(() => import('./days-chart').then((m) => ({ default: m.DaysChart })));

/**
 * 账户余额 in 工作台's header (finance:view): the balance of `/api/dashboard/summary`, a link to
 * 余额明细 and 充值 (finance:manage; it opens 余额明细's 充值 dialog). A dash until the summary arrives.
 */
export function BalanceCard({ user }: { user: CurrentUser | undefined }) {
  const canView = !!user && hasPermission(user, 'order:view') && hasPermission(user, 'finance:view');
  const balance = useQuery({ ...apiQuery(useApi(), '/api/dashboard/summary'), enabled: canView }).data
    ?.balance;
  // 充值 as the header's: finance:manage (common/top-up-context.ts).
  const canTopUp = hasPermission(user, 'finance:manage');
  if (!canView) return null;
  return (
    <section
      aria-labelledby="balance-heading"
      data-slot="workbench-balance"
      className="flex min-w-64 items-center gap-4 rounded-lg bg-card p-4 shadow-sm max-sm:w-full"
    >
      <div className="flex flex-col gap-1">
        <h2 id="balance-heading" className="text-sm text-muted-foreground">
          {DASHBOARD_TEXT.balance}
        </h2>
        <span data-slot="glance-value" className="text-2xl font-semibold tabular-nums">
          {balance === undefined ? '—' : formatMoney(balance)}
        </span>
      </div>
      <div className="ml-auto flex flex-col items-end gap-1">
        {canTopUp ? (
          <Button asChild variant="primary" size="sm">
            <Link to="/finance/balance" search={{ topup: '1' }}>
              {DASHBOARD_TEXT.topUp}
            </Link>
          </Button>
        ) : null}
        <Link to="/finance/balance" className="text-sm text-link underline-offset-4 hover:underline">
          {DASHBOARD_TEXT.balanceLedger}
        </Link>
      </div>
    </section>
  );
}

/**
 * 工作台 at a glance (工作概览), above 全部功能's grid: what waits now (待采购, 待发货, 售后待处理: every
 * order or request in that state, whatever day it came in, because yesterday's unshipped order is
 * today's work) apart from today's orders and sales, each a link to the list with that filter
 * (the server counts with that list's own code, so the card's number is the list's total), and the
 * last 30 days: drawn for the eye, and as a table for screen readers. Shown to members who may view
 * orders.
 */
export function Glance({ user }: { user: CurrentUser | undefined }) {
  const canView = !!user && hasPermission(user, 'order:view');
  const summary = useQuery({ ...apiQuery(useApi(), '/api/dashboard/summary'), enabled: canView }).data;
  if (!canView) return null;
  // Until the summary arrives the section keeps its full size (cards with a dash, empty chart boxes),
  // so 全部功能's grid below does not move when the numbers come in.
  const canAfterSale = hasPermission(user, 'aftersale:process');
  // Sales are money (finance:view): without it the server leaves them out, and so does the page.
  const canMoney = hasPermission(user, 'finance:view');
  // 店铺设置's counts: the server answers them to shop:manage only.
  const canShops = hasPermission(user, 'shop:manage');
  const today = summary ? { start_date: summary.today, end_date: summary.today } : {};
  return (
    <section
      aria-labelledby="glance-heading"
      aria-busy={!summary}
      data-slot="glance"
      className="rounded-lg bg-card p-4 shadow-sm"
    >
      <h2 id="glance-heading" className="mb-3 text-base font-semibold">
        {glanceText.heading}
      </h2>
      <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="glance-backlog" data-slot="glance-backlog">
          <h3 id="glance-backlog" className="mb-2 text-sm text-muted-foreground">
            {glanceText.backlogHeading}
          </h3>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Count label={glanceText.pending} value={summary?.pending}>
              {(body) => (
                <Link to="/order/index" search={{ status: 'pending' }} className={CARD}>
                  {body}
                </Link>
              )}
            </Count>
            <Count label={glanceText.purchased} value={summary?.purchased}>
              {(body) => (
                <Link to="/order/index" search={{ status: 'purchased' }} className={CARD}>
                  {body}
                </Link>
              )}
            </Count>
            {canAfterSale ? (
              <Count label={glanceText.afterSalePending} value={summary?.after_sale_pending}>
                {(body) => (
                  <Link to="/order/after-sale" search={{ status: 'pending' }} className={CARD}>
                    {body}
                  </Link>
                )}
              </Count>
            ) : null}
          </ul>
        </section>
        <section aria-labelledby="glance-today" data-slot="glance-today">
          <h3 id="glance-today" className="mb-2 text-sm text-muted-foreground">
            {glanceText.todayHeading(summary?.today)}
          </h3>
          <ul className="grid grid-cols-2 gap-3">
            <Count label={glanceText.todayOrders} value={summary?.today_orders}>
              {(body) => (
                <Link to="/order/index" search={today} className={CARD}>
                  {body}
                </Link>
              )}
            </Count>
            {canMoney ? (
              <Count label={glanceText.todaySales} value={summary && formatMoney(summary.today_sales ?? 0)}>
                {(body) => (
                  <Link to="/order/index" search={today} className={CARD}>
                    {body}
                  </Link>
                )}
              </Count>
            ) : null}
          </ul>
        </section>
        <section
          aria-labelledby="glance-exceptions"
          data-slot="glance-exceptions"
          className={canShops ? undefined : 'lg:col-span-2'}
        >
          <h3 id="glance-exceptions" className="mb-2 text-sm text-muted-foreground">
            {glanceText.exceptionsHeading}
          </h3>
          {/* 异常订单: each view of 代发订单 with its count (the server counts with the list's own code). */}
          <ul
            className={cn(
              'grid grid-cols-2 gap-3 sm:grid-cols-5',
              canShops && 'lg:grid-cols-3 xl:grid-cols-5',
            )}
          >
            {ORDER_EXCEPTIONS.map((kind) => (
              <Count key={kind} label={ORDER_EXCEPTION_LABELS[kind]} value={summary?.exceptions?.[kind]}>
                {(body) => (
                  <Link to="/order/index" search={{ exception: kind }} className={CARD}>
                    {body}
                  </Link>
                )}
              </Count>
            ))}
          </ul>
        </section>
        {canShops ? (
          <section aria-labelledby="glance-shops" data-slot="glance-shops">
            <h3 id="glance-shops" className="mb-2 text-sm text-muted-foreground">
              {glanceText.shopsHeading}
            </h3>
            {/* 店铺设置's attention views, each counted by the shop list's own code. */}
            <ul className="grid grid-cols-2 gap-3">
              {SHOP_ATTENTIONS.map((attention) => (
                <Count
                  key={attention}
                  label={SHOP_ATTENTION_LABELS[attention]}
                  value={summary?.shops?.[attention]}
                >
                  {(body) => (
                    <Link to="/shop/setting" search={{ attention }} className={CARD}>
                      {body}
                    </Link>
                  )}
                </Count>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      <DaysCharts days={summary?.days} money={canMoney} />
      {summary ? <DaysTable days={summary.days} money={canMoney} /> : null}
    </section>
  );
}

const CARD =
  'flex flex-col gap-1 rounded-md border border-border bg-background p-3 transition-colors hover:border-link focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function Count({
  label,
  value,
  children,
}: {
  label: string;
  /** Undefined while the summary loads: the card shows a dash and is not a link yet. */
  value: number | string | undefined;
  children: (body: ReactNode) => ReactNode;
}) {
  const body = (
    <>
      <span className="text-sm text-muted-foreground">{label}</span>
      <span data-slot="glance-value" className="text-2xl font-semibold tabular-nums">
        {value ?? '—'}
      </span>
    </>
  );
  return (
    <li data-slot="glance-count">
      {value === undefined ? <div className={CARD}>{body}</div> : children(body)}
    </li>
  );
}

/**
 * The last 30 days drawn: orders and sales as bars, side by side on wide screens and stacked on
 * narrow ones. The boxes have their height before chartist arrives, so nothing moves when it does.
 * Hidden from screen readers, which read the same values in {@link DaysTable}.
 */
function DaysCharts({ days, money }: { days: DashboardSummary['days'] | undefined; money: boolean }) {
  const charts = money ? (['orders', 'sales'] as const) : (['orders'] as const);
  return (
    <div aria-hidden="true" data-slot="glance-chart" className="mt-4 grid gap-3 lg:grid-cols-2">
      {charts.map((series) => (
        <figure
          key={series}
          className="flex flex-col gap-2 rounded-md border border-border bg-background p-3"
        >
          <figcaption className="text-sm text-muted-foreground">
            {series === 'orders' ? glanceText.ordersChart : glanceText.salesChart}
          </figcaption>
          <div className="h-40">
            {days ? (
              <Suspense fallback={null}>
                <DaysChart days={days} series={series} />
              </Suspense>
            ) : null}
          </div>
        </figure>
      ))}
    </div>
  );
}

/** The chart's values as text: a visually hidden table that screen readers read. */
function DaysTable({ days, money }: { days: DashboardSummary['days']; money: boolean }) {
  return (
    <table className="sr-only">
      <caption>{glanceText.chartCaption}</caption>
      <thead>
        <tr>
          <th scope="col">{glanceText.date}</th>
          <th scope="col">{glanceText.orders}</th>
          {money ? <th scope="col">{glanceText.sales}</th> : null}
        </tr>
      </thead>
      <tbody>
        {days.map((day) => (
          <tr key={day.date}>
            <th scope="row">{day.date}</th>
            <td>{day.orders}</td>
            {money ? <td>{formatMoney(day.sales ?? 0)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
