import { maskMobile } from '@consign/api-client';
import { describe, expect, it } from 'vitest';

describe('maskMobile (one rule for the admin and the server)', () => {
  it('hides the middle four digits of a mobile', () => {
    expect(maskMobile('13800000000')).toBe('138****0000');
    expect(maskMobile('13912345678')).toBe('139****5678');
  });

  it('shows nothing of a value too short to be a mobile', () => {
    expect(maskMobile('123456')).toBe('****');
    expect(maskMobile('')).toBe('****');
  });
});
