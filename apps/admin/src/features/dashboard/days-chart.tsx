import { DASHBOARD_CHART_DAYS, type DashboardDay } from '@consign/api-client';
import { fenToYuan } from '@consign/api-client/contract';
import { BarChart, type BarChartOptions, type Label } from 'chartist';
import { useEffect, useRef } from 'react';

/**
 * One series of the 工作台's last 30 days as a chartist bar chart, drawn into the box it is given (the
 * box sets the size; chartist follows its width on resize): `orders` per day, or `sales` (fen,
 * labelled in yuan). Bars for both: a day's total is one amount, and chartist's line chart would add
 * 2.4 KB gzip to the dashboard. The SVG is decoration: glance.tsx marks the charts `aria-hidden` and
 * gives the same values as a table to screen readers. Loaded with `React.lazy` after the first paint;
 * styled by the `.ct-*` rules of `src/styles.css` (theme variables), not by chartist's own CSS.
 */
export function DaysChart({ days, series }: { days: readonly DashboardDay[]; series: 'orders' | 'sales' }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<BarChart | null>(null);

  // One chart per mounted box, detached (its resize listener removed) on unmount.
  useEffect(() => {
    if (!box.current) return;
    const created = new BarChart(box.current, { labels: [], series: [] }, OPTIONS[series]);
    // Bars 60% of their slot, so that they read as bars at 375 px and at 1440 px alike.
    created.on('draw', (event) => {
      if (event.type !== 'bar') return;
      const slot = event.chartRect.width() / DASHBOARD_CHART_DAYS;
      event.element.attr({ style: `stroke-width: ${Math.max(2, Math.round(slot * 0.6))}px` });
    });
    chart.current = created;
    return () => {
      created.detach();
      chart.current = null;
    };
  }, [series]);

  // New data redraws the same chart.
  useEffect(() => {
    chart.current?.update({
      labels: days.map((day) => day.date),
      series: [days.map((day) => (series === 'orders' ? day.orders : fenToYuan(day.sales ?? 0)))],
    });
  }, [days, series]);

  return <div ref={box} data-slot="days-chart" data-series={series} className="size-full" />;
}

/** About five date labels (`MM-DD`), today's always among them: thirty would overlap. */
function everySeventhDay(date: Label, index: number): string | null {
  return (DASHBOARD_CHART_DAYS - 1 - index) % 7 === 0 ? String(date).slice(5) : null;
}

const compactYuan = new Intl.NumberFormat('zh-CN', { notation: 'compact', maximumFractionDigits: 1 });

const AXIS_X = { showGrid: false, offset: 20, labelInterpolationFnc: everySeventhDay };
// Room on the right for the last date label, which is centred under the last bar.
const PADDING = { top: 8, right: 16, bottom: 0, left: 0 };
// Moves each value label down by half its 12 px height, so that it is centred on its grid line.
const LABEL_Y = { x: 0, y: 6 };

const OPTIONS: Record<'orders' | 'sales', BarChartOptions> = {
  orders: {
    low: 0,
    chartPadding: PADDING,
    axisX: AXIS_X,
    axisY: { onlyInteger: true, offset: 32, labelOffset: LABEL_Y },
  },
  sales: {
    low: 0,
    chartPadding: PADDING,
    axisX: AXIS_X,
    // Whole yuan: an empty month reads 0 and 1, not 0.3 and 0.8.
    axisY: {
      onlyInteger: true,
      offset: 40,
      labelOffset: LABEL_Y,
      labelInterpolationFnc: (value) => compactYuan.format(Number(value)),
    },
  },
};
