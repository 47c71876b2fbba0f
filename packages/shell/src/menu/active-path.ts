import { isPathActive } from '@consign/ui';
import type { MenuItem } from './filter-menu';

/**
 * True when `pathname` is `path` or lies below it (`/order` matches `/order/index`, not `/orders`): the
 * ui Sidebar's own rule (`isPathActive`), so the menu and the sidebar never disagree.
 */
export function pathMatches(path: string, pathname: string): boolean {
  return isPathActive(path, pathname);
}

/**
 * The menu path that the current location selects: the longest item path (at any depth) that
 * matches the pathname. `undefined` when none does.
 */
export function findActivePath(items: readonly MenuItem[], pathname: string): string | undefined {
  let best: string | undefined;
  const visit = (list: readonly MenuItem[]) => {
    for (const item of list) {
      if (pathMatches(item.path, pathname) && (best === undefined || item.path.length > best.length)) {
        best = item.path;
      }
      if (item.children) visit(item.children);
    }
  };
  visit(items);
  return best;
}

/** The chain of items from the top level down to the item with `path` (empty when absent). */
export function findMenuTrail(items: readonly MenuItem[], path: string | undefined): MenuItem[] {
  if (path === undefined) return [];
  for (const item of items) {
    if (item.path === path) return [item];
    if (item.children) {
      const trail = findMenuTrail(item.children, path);
      if (trail.length > 0) return [item, ...trail];
    }
  }
  return [];
}
