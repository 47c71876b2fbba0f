import * as React from 'react';
import type { MenuIconComponent, MenuItem } from './filter-menu';

/** A component type: a function, or a `forwardRef`/`memo` object (lucide icons are `forwardRef`s). */
function isComponentType(icon: unknown): icon is MenuIconComponent {
  if (typeof icon === 'function') return true;
  return typeof icon === 'object' && icon !== null && '$$typeof' in icon && !React.isValidElement(icon);
}

/**
 * A menu item's icon, whichever way the menu gives it: an icon component (rendered with `className`
 * and `aria-hidden`) or a ready node (rendered as it is). Nothing when the item has none.
 */
export function MenuIcon({ icon, className = 'size-4' }: { icon: MenuItem['icon']; className?: string }) {
  if (!icon) return null;
  if (isComponentType(icon)) {
    const Icon = icon;
    return <Icon aria-hidden="true" className={className} />;
  }
  return <>{icon}</>;
}
