import type * as React from 'react';

export type Role = 'admin' | 'user';

/** One entry of the sidebar menu. Paths are router paths (`/order/index`). */
export interface MenuItem {
  title: string;
  path: string;
  /** A component (`Package` from lucide-react) or a ready node; shown before the title and on the rail. */
  icon?:
    | React.ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' | 'false' }>
    | React.ReactNode;
  /** Only this role sees the item (and its children). Absent: everyone. */
  authority?: Role;
  children?: MenuItem[];
}

/**
 * Remove every item whose authority differs from the role, with its children; later siblings stay
 * (DESIGN.md section 5 diverges from the source, which stopped the list at such an item).
 */
export function filterMenuByRole(items: readonly MenuItem[], role: Role = 'user'): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (item.authority && item.authority !== role) continue;
    out.push(item.children ? { ...item, children: filterMenuByRole(item.children, role) } : item);
  }
  return out;
}
