import type { ProfitReport } from '@consign/api-client';
import { fenToYuan } from '@consign/api-client/contract';
import { BarChart, type BarChartOptions, type Label } from 'chartist';
import { useEffect, useRef } from 'react';

/**
 * 利润报表's chart: each day's sales and profit (yuan) as chartist bars side by side (a loss goes below
 * the axis). chartist is the dependency 工作台's chart already uses; this file is loaded with
 * `React.lazy` by the report page only, so no other page pays for it. Decoration: the page marks it
 * `aria-hidden` and its by-day table holds the same values. Styled by the `.ct-*` rules of
 * `src/styles.css`.
 */
export function ProfitChart({ days }: { days: ProfitReport['days'] }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<BarChart | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const created = new BarChart(box.current, { labels: [], series: [] }, OPTIONS);
    chart.current = created;
    return () => {
      created.detach();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const every = Math.max(1, Math.ceil(days.length / 8));
    chart.current?.update(
      {
        labels: days.map((day) => day.date),
        series: [days.map((day) => fenToYuan(day.sales)), days.map((day) => fenToYuan(day.profit))],
      },
      {
        ...OPTIONS,
        axisX: {
          ...OPTIONS.axisX,
          // About eight date labels (`MM-DD`), the last day's among them.
          labelInterpolationFnc: (date: Label, index: number) =>
            (days.length - 1 - index) % every === 0 ? String(date).slice(5) : null,
        },
      },
    );
  }, [days]);

  return <div ref={box} data-slot="profit-chart" className="size-full" />;
}

const compactYuan = new Intl.NumberFormat('zh-CN', { notation: 'compact', maximumFractionDigits: 1 });

const OPTIONS: BarChartOptions = {
  seriesBarDistance: 6,
  chartPadding: { top: 8, right: 16, bottom: 0, left: 0 },
  axisX: { showGrid: false, offset: 20 },
  axisY: {
    onlyInteger: true,
    offset: 44,
    labelOffset: { x: 0, y: 6 },
    labelInterpolationFnc: (value) => compactYuan.format(Number(value)),
  },
};
