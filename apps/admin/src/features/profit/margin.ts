import type { ProfitSums } from '@consign/api-client';

/**
 * 利润率 as shown: profit over the sales of the orders with a cost, in per cent with one decimal
 * (rounded half away from zero on the integer per-mille), '—' when no order has a cost.
 */
export function formatMargin(sums: Pick<ProfitSums, 'profit' | 'costed_sales'>): string {
  if (sums.costed_sales === 0) return '—';
  const perMille = Math.sign(sums.profit) * Math.round(Math.abs(sums.profit * 1000) / sums.costed_sales);
  const sign = perMille < 0 ? '-' : '';
  const abs = Math.abs(perMille);
  return `${sign}${Math.floor(abs / 10)}.${abs % 10}%`;
}
