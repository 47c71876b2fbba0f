import { describe, expect, it } from 'vitest';
import { HELP_ARTICLES, searchArticles } from './articles';

describe('searchArticles', () => {
  it('finds the articles holding every word, in title or text; nothing typed keeps them all', () => {
    expect(searchArticles(HELP_ARTICLES, '')).toHaveLength(HELP_ARTICLES.length);
    expect(searchArticles(HELP_ARTICLES, '  导出  ').map((a) => a.id)).toContain('export');
    expect(searchArticles(HELP_ARTICLES, '模板 XLSX').map((a) => a.id)).toEqual(['import']);
    expect(searchArticles(HELP_ARTICLES, '不存在的词')).toEqual([]);
  });

  it('has distinct anchors and marks what is still being built', () => {
    const ids = HELP_ARTICLES.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(HELP_ARTICLES.filter((a) => a.building).map((a) => a.id)).toEqual([
      'authorise-shop',
      'order-sync',
    ]);
  });
});
