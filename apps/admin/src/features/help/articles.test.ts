import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { helpOf } from '../../lib/page-help';
import type { RouterContext } from '../../lib/router-context';
import { routeTree } from '../../routeTree.gen';
import { HELP_ARTICLES, type HelpArticle, searchArticles } from './articles';

/** The app's routes (their paths and `staticData`), in a router of its own. */
const router = createRouter({ routeTree, history: createMemoryHistory(), context: {} as RouterContext });
const IDS = new Set(HELP_ARTICLES.map((a) => a.id));

/** The links of `articles` whose path is no route of the app: `article -> path`. */
function deadLinks(articles: readonly HelpArticle[]): string[] {
  const paths = new Set(Object.keys(router.routesByPath));
  return articles.flatMap((article) =>
    (article.links ?? []).filter((link) => !paths.has(link.to)).map((link) => `${article.id} -> ${link.to}`),
  );
}

/** Words that tell a reader a feature is not there yet. */
const NOT_YET = /建设中|正在建设|尚未上线|即将上线|由平台运营人员为您开通/;

/**
 * What `articles` claim is being built although it has a page (a link) or is not marked, and what
 * says "not yet" without being marked: both are untruths to a seller.
 */
function untruths(articles: readonly HelpArticle[]): string[] {
  return articles.flatMap((article) => {
    const text = `${article.title}\n${article.paragraphs.join('\n')}`;
    const found: string[] = [];
    if (article.building && article.links?.length) found.push(`${article.id}: 建设中 but links to its page`);
    if (!article.building && NOT_YET.test(text)) found.push(`${article.id}: says not yet, not marked`);
    return found;
  });
}

describe('searchArticles', () => {
  it('finds the articles holding every word, in title or text; nothing typed keeps them all', () => {
    expect(searchArticles(HELP_ARTICLES, '')).toHaveLength(HELP_ARTICLES.length);
    expect(searchArticles(HELP_ARTICLES, '  导出  ').map((a) => a.id)).toContain('export');
    expect(searchArticles(HELP_ARTICLES, '模板 XLSX').map((a) => a.id)).toEqual(['import']);
    expect(searchArticles(HELP_ARTICLES, '不存在的词')).toEqual([]);
  });
});

describe('the articles tell the truth', () => {
  it('have distinct anchors, each with a link to a page of the app', () => {
    expect(IDS.size).toBe(HELP_ARTICLES.length);
    expect(HELP_ARTICLES.filter((a) => !a.links?.length).map((a) => a.id)).toEqual([]);
    expect(deadLinks(HELP_ARTICLES)).toEqual([]);
    // The check has teeth: a path that is no route is named.
    expect(
      deadLinks([
        { id: 'x', title: 'x', paragraphs: [], links: [{ label: 'x', to: '/shop/nowhere' as never }] },
      ]),
    ).toEqual(['x -> /shop/nowhere']);
  });

  it('mark nothing that works as 建设中: shops, sync and 一键采购 work', () => {
    expect(HELP_ARTICLES.filter((a) => a.building).map((a) => a.id)).toEqual([]);
    expect(untruths(HELP_ARTICLES)).toEqual([]);
    expect(
      untruths([
        { id: 'a', title: 'a', building: true, paragraphs: [], links: [{ label: 'a', to: '/shop/setting' }] },
        { id: 'b', title: 'b', paragraphs: ['一键采购正在建设中。'] },
      ]),
    ).toEqual(['a: 建设中 but links to its page', 'b: says not yet, not marked']);
  });

  it('cover what a new seller does: shops, orders, 一键采购, 付款, 回传, 充值, fees', () => {
    for (const id of ['authorise-shop', 'order-sync', 'purchase', 'pay', 'writeback', 'topup', 'fees']) {
      expect(IDS, id).toContain(id);
    }
  });
});

describe("the header's 帮助", () => {
  const routes = Object.values(router.routesById) as {
    id: string;
    options: { staticData?: { help?: string } };
  }[];

  it('names only articles that exist, from the routes that name one', () => {
    const named = routes.filter((r) => r.options.staticData?.help);
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((r) => !IDS.has(r.options.staticData?.help ?? '')).map((r) => r.id)).toEqual([]);
  });

  it('opens the article of the page on screen: the deepest matched route that names one', () => {
    const helpAt = (path: string) => helpOf(router.matchRoutes(path, {}));
    expect(helpAt('/order/index')).toBe('order-sync');
    expect(helpAt('/shop/setting')).toBe('authorise-shop');
    expect(helpAt('/shop/setting/group')).toBe('authorise-shop');
    expect(helpAt('/system/setting')).toBe('purchase');
    expect(helpAt('/finance/balance')).toBe('topup');
    // A page without an article opens 帮助中心 at its top.
    expect(helpAt('/dashboard/index')).toBeUndefined();
  });
});
