import { describe, expect, it } from 'vitest';
import { formatMargin } from './margin';

describe('利润率', () => {
  it('is profit over the sales of the orders with a cost, one decimal', () => {
    expect(formatMargin({ profit: 5_153, costed_sales: 25_544 })).toBe('20.2%');
    expect(formatMargin({ profit: -1_018, costed_sales: 3_000 })).toBe('-33.9%');
    expect(formatMargin({ profit: 1, costed_sales: 2_000 })).toBe('0.1%');
    expect(formatMargin({ profit: 0, costed_sales: 100 })).toBe('0.0%');
  });

  it('is a dash when no order has a cost', () => {
    expect(formatMargin({ profit: 0, costed_sales: 0 })).toBe('—');
  });
});
