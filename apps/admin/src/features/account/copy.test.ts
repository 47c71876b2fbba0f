import { describe, expect, it } from 'vitest';
import { maskMobile } from './copy';

describe('maskMobile', () => {
  it('hides the middle four digits of a mobile', () => {
    expect(maskMobile('13800000000')).toBe('138****0000');
    expect(maskMobile('13912345678')).toBe('139****5678');
  });

  it('shows short values as they are', () => {
    expect(maskMobile('123456')).toBe('123456');
    expect(maskMobile('')).toBe('');
  });
});
