import { describe, expect, it } from 'vitest';

/**
 * How `src/` is layered (README, "Layers"), read from the import statements of every source file:
 * `lib/` (the wiring) <- `common/` (what several features use) <- `features/<domain>/` <- `routes/`
 * (and `testing/`, the component tests' harness). A layer imports only the layers below it; a feature
 * imports its own folder, `common/` and `lib/`, never another feature, but for the compositions
 * listed in `COMPOSED` below. Type-only imports count too: the direction is about who knows whom.
 */
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.gen.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** `a/b/../c` -> `a/c`, relative to `src/` (no `./` in front). */
function normalise(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

interface Edge {
  from: string;
  to: string;
}

/** Every relative import (static, `export ... from`, dynamic) as `from` file -> `to` module (no extension). */
function edgesOf(files: Record<string, string>): Edge[] {
  return Object.entries(files).flatMap(([key, source]) => {
    const from = normalise(key);
    const dir = from.split('/').slice(0, -1).join('/');
    const specifiers = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^import\s*)'(\.{1,2}\/[^']*)'/gm)];
    return specifiers.map(([, specifier]) => ({
      from,
      to: normalise(`${dir}/${specifier}`).replace(/\.(tsx?|css)$/, ''),
    }));
  });
}

/** `features/order/x.tsx` -> `features/order`; `lib/menu.ts` -> `lib`; `texts.ts` -> `` (src's own files). */
function areaOf(path: string): string {
  const [first = '', second] = path.split('/');
  if (first === 'features') return `features/${second}`;
  return second === undefined ? '' : first;
}

const LOWER: Record<string, string[]> = {
  lib: ['lib', ''],
  common: ['common', 'lib', ''],
};

/**
 * A page that shows another domain's part, by file. Each is a composition (the other domain's card or
 * dialog, whole), never its internals; the part stays with the domain whose API it calls.
 */
const COMPOSED: Record<string, string[]> = {
  // 代发设置 shows 平台扣点 (profit), 代发服务费 (balance) and the 1688 account (supplier), each its own card.
  'features/system/dropship-settings-page.tsx': [
    'features/balance/fees-card',
    'features/profit/fee-rates-card',
    'features/supplier/supplier-account-card',
  ],
  // 全局设置 edits 代发服务费 (balance's card).
  'features/system/global-settings-page.tsx': ['features/balance/fees-card'],
  // 卖家管理's 调整余额 is balance's dialog and its button's label.
  'features/team/seller-list-page.tsx': ['features/balance/adjust-dialog', 'features/balance/texts'],
  // 关联货源 of an order line is 商品编辑's 1688 offer picker (the same dialog, another read path).
  'features/order/purchase-source.tsx': ['features/shop/goods-skus-editor'],
};

/** The imports that go the wrong way: `from -> to` lines, empty when the layers hold. */
function wrongWay(files: Record<string, string>): string[] {
  return edgesOf(files)
    .filter(({ from, to }) => {
      // A test sits above what it tests: it may render a route, or read the texts of the feature whose
      // dialog the page under test shows.
      if (/\.test\.tsx?$/.test(from)) return false;
      const fromArea = areaOf(from);
      const toArea = areaOf(to);
      if (fromArea === 'lib' && to === 'routeTree.gen') return false; // the router is built from the route tree
      const lower = LOWER[fromArea];
      if (lower) return !lower.includes(toArea);
      if (fromArea.startsWith('features/') && toArea.startsWith('features/') && toArea !== fromArea) {
        return !COMPOSED[from]?.includes(to);
      }
      // The harness of testing/ is for the component tests only.
      if (fromArea.startsWith('features/')) return toArea === 'routes' || toArea === 'testing';
      return false;
    })
    .map(({ from, to }) => `${from} -> ${to}`);
}

describe('the admin layers point one way', () => {
  it('reads the imports of the app (the check has something to check)', () => {
    const edges = edgesOf(sources);
    expect(edges.length).toBeGreaterThan(500);
    expect(edges).toContainEqual({ from: 'common/form.tsx', to: 'common/problem-message' });
  });

  it('lib imports no common part nor feature; common no feature; a feature no other feature but COMPOSED', () => {
    expect(wrongWay(sources)).toEqual([]);
  });

  it('names each wrong-way import', () => {
    expect(
      wrongWay({
        './lib/form.tsx': "import { problemMessage } from '../features/order/problem-message';",
        './common/status-badge.tsx': "import { ORDER_TEXT } from '../features/order/texts';",
        './features/shop/a.tsx': "import type { X } from '../order/texts';\nconst b = import('../order/b');",
        './features/order/c.tsx': "import { d } from './d';\nimport { e } from '../../common/e';",
        './routes/x.tsx': "import { f } from '../features/shop/f';",
      }),
    ).toEqual([
      'lib/form.tsx -> features/order/problem-message',
      'common/status-badge.tsx -> features/order/texts',
      'features/shop/a.tsx -> features/order/texts',
      'features/shop/a.tsx -> features/order/b',
    ]);
  });
});
