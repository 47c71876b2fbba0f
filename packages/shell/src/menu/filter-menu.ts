export type Role = 'admin' | 'user';

export interface MenuItem {
  title: string;
  path: string;
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
