import { describe, expect, it } from 'vitest';
import { markedUpPrice } from './goods-rules.js';

describe('markedUpPrice', () => {
  it('adds the markup in integer 分, then rounds by the rule', () => {
    // 18.50 元 + 35 % = 24.975 -> 24.98 (half up).
    expect(markedUpPrice(1850, 35, 'none')).toBe(2498);
    expect(markedUpPrice(1850, 35, 'yuan')).toBe(2500);
    expect(markedUpPrice(1850, 35, 'nine')).toBe(2590);
    // Already whole or ending in .90: unchanged.
    expect(markedUpPrice(2000, 0, 'yuan')).toBe(2000);
    expect(markedUpPrice(2390, 0, 'nine')).toBe(2390);
    // 23.45 -> 23.90; 23.95 -> 24.90.
    expect(markedUpPrice(2345, 0, 'nine')).toBe(2390);
    expect(markedUpPrice(2395, 0, 'nine')).toBe(2490);
    // Never below 1 分.
    expect(markedUpPrice(0, 30, 'none')).toBe(1);
    expect(markedUpPrice(0, 30, 'yuan')).toBe(100);
  });
});
