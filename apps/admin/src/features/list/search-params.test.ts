import { describe, expect, it } from 'vitest';
import { dateFrom, idFrom, oneOf } from './search-params';

describe('address filters to API values', () => {
  it('oneOf keeps only the allowed values', () => {
    expect(oneOf('pending', ['pending', 'shipped'] as const)).toBe('pending');
    expect(oneOf('PENDING', ['pending'] as const)).toBeUndefined();
    expect(oneOf('toString', ['pending'] as const)).toBeUndefined();
    expect(oneOf(undefined, ['pending'] as const)).toBeUndefined();
  });

  it('idFrom reads positive ids only', () => {
    expect(idFrom('12')).toBe(12);
    for (const bad of ['0', '-1', '1.5', '01', '1e3', ' 1', '12345678901', ''])
      expect(idFrom(bad), bad).toBeUndefined();
  });

  it('dateFrom reads YYYY-MM-DD only', () => {
    expect(dateFrom('2026-11-22')).toBe('2026-11-22');
    for (const bad of ['2026-1-2', '22/11/2026', '2026-11-22T00:00', ''])
      expect(dateFrom(bad), bad).toBeUndefined();
  });
});
