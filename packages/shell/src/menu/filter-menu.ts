import type { Permission } from '@consign/api-client';
import type { SidebarItem } from '@consign/ui';
import type * as React from 'react';

export type Role = 'admin' | 'user';

/** An icon component such as lucide-react's `Package`, rendered with `className` and `aria-hidden`. */
export type MenuIconComponent = React.ComponentType<{
  className?: string;
  'aria-hidden'?: boolean | 'true' | 'false';
}>;

/**
 * One entry of the sidebar menu: ui's `SidebarItem` (`path`, `title`, `icon`) plus who may see it.
 * Paths are router paths (`/order/index`). `toSidebarItems` turns a menu into ui `Sidebar` items.
 */
export interface MenuItem extends Pick<SidebarItem, 'path' | 'title'> {
  /** What ui's `Sidebar` takes (a ready node), or an icon component; shown before the title and on the rail. */
  icon?: SidebarItem['icon'] | MenuIconComponent;
  /** Only this role sees the item (and its children). Absent: everyone. */
  authority?: Role;
  /**
   * Only users holding this permission (of the contract's catalogue, e.g. `order:view`) see the item
   * (and its children). Absent: everyone.
   */
  permission?: Permission;
  children?: MenuItem[];
}

/**
 * Remove every item whose authority differs from the role, or that names a permission the user does
 * not hold (`permissions`, what `/api/user/info` answers; none when absent), with its children, and
 * every group left without children; later siblings stay (docs/design.md#shell diverges from the source, which stopped the list at such an item).
 */
export function filterMenuByRole(
  items: readonly MenuItem[],
  role: Role = 'user',
  permissions: readonly string[] = [],
): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (item.authority && item.authority !== role) continue;
    if (item.permission && !permissions.includes(item.permission)) continue;
    if (!item.children) {
      out.push(item);
      continue;
    }
    const children = filterMenuByRole(item.children, role, permissions);
    // A group whose every page is hidden goes too: an empty group would open onto nothing.
    if (item.children.length > 0 && children.length === 0) continue;
    out.push({ ...item, children });
  }
  return out;
}
