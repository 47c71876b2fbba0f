import { describe, expect, it } from 'vitest';
import { internalLinkSchema } from '../src/contract/notification';
import { isInternalLink } from '../src/contract/urls';

describe('a notification link is a path of the app only', () => {
  it('accepts paths with a query, percent-encoded', () => {
    for (const link of [
      '/shop/setting',
      '/shop/setting?keyword=%E8%89%AF',
      '/order/index?keyword=DD1&status=pending',
    ]) {
      expect(isInternalLink(link), link).toBe(true);
      expect(internalLinkSchema.safeParse(link).success).toBe(true);
    }
  });

  it('refuses other origins, schemes, backslashes, spaces and markup', () => {
    for (const link of [
      '',
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example/shop',
      '/shop/setting?x=<script>',
      '/shop setting',
      ' /shop',
      '/shop\n/x',
      `/${'a'.repeat(1000)}`,
    ]) {
      expect(isInternalLink(link), JSON.stringify(link)).toBe(false);
    }
  });
});
