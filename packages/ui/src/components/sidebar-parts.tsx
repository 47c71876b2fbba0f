import type * as React from 'react';
import { cn } from '../lib/cn';

/**
 * The pieces the Sidebar shares with its lazily loaded parts (the collapsed rail's flyouts and the
 * mobile drawer). Internal: import `Sidebar` and its types from `./sidebar`.
 */

export interface SidebarItem {
  /** Stable key; default the path. Groups are opened by this key. */
  key?: string;
  /** Where the item leads; for a group, the prefix its children share. */
  path: string;
  title: string;
  icon?: React.ReactNode;
  children?: SidebarItem[];
}

export type SidebarLinkProps = React.ComponentProps<'a'> & {
  href: string;
  item: SidebarItem;
  active: boolean;
};

export type SidebarTheme = 'light' | 'dark';

export const keyOf = (item: SidebarItem) => item.key ?? item.path;

export const rowClass =
  'flex h-10 w-full min-w-0 items-center gap-2.5 rounded-md px-3 text-sm text-sidebar-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset';
export const activeRowClass =
  'bg-sidebar-accent font-medium text-sidebar-accent-foreground hover:bg-sidebar-accent hover:text-sidebar-accent-foreground';
export const iconClass = 'flex size-4 shrink-0 items-center justify-center [&>svg]:size-4';
export const floatingClass =
  'z-50 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg outline-none';
/** A collapsed rail's row: the icon alone, centred. */
export const railRowClass = 'justify-center px-0';

export interface MenuContext {
  activeItem: SidebarItem | undefined;
  activePath: string | undefined;
  renderLink: (props: SidebarLinkProps) => React.ReactNode;
  theme: SidebarTheme;
  onNavigate: () => void;
}

export function SidebarLink({
  item,
  ctx,
  className,
  showTitle = true,
  onClick,
  ...rest
}: {
  item: SidebarItem;
  ctx: MenuContext;
  className?: string;
  showTitle?: boolean;
} & Omit<React.ComponentProps<'a'>, 'href' | 'children'>) {
  const active = ctx.activeItem === item;
  return ctx.renderLink({
    ...rest,
    item,
    active,
    href: item.path,
    'aria-current': active ? 'page' : undefined,
    'data-slot': 'sidebar-link',
    'data-active': active ? '' : undefined,
    'data-sidebar-focusable': '',
    className: cn(rowClass, active && activeRowClass, className),
    onClick: (event: React.MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      ctx.onNavigate();
    },
    children: (
      <>
        {item.icon && <span className={iconClass}>{item.icon}</span>}
        {showTitle && <span className="truncate">{item.title}</span>}
      </>
    ),
  } as SidebarLinkProps);
}

/** Whether one of the group's children is the current item. */
export function holdsActiveItem(item: SidebarItem, ctx: MenuContext): boolean {
  return item.children?.some((child) => child === ctx.activeItem) ?? false;
}

/** The collapsed group's icon button: the same element before and after the flyout code has loaded. */
export function railGroupTriggerProps(item: SidebarItem, ctx: MenuContext) {
  const holdsActive = holdsActiveItem(item, ctx);
  return {
    'data-slot': 'sidebar-group-trigger',
    'data-sidebar-focusable': '',
    'data-active': holdsActive ? '' : undefined,
    'aria-label': item.title,
    className: cn(rowClass, railRowClass, holdsActive && activeRowClass),
    children: <span className={iconClass}>{item.icon ?? item.title.slice(0, 1)}</span>,
  };
}

/**
 * The collapsed 60px rail: an icon link per item, an icon button per group. `renderGroup` draws a
 * group's button and `wrapLink` may wrap an item's link (the flyouts and tooltips of
 * `sidebar-collapsed.tsx`); without them this is the rail drawn before that code has loaded, the same
 * buttons and links, so that a collapsed sidebar paints at once and nothing moves when it arrives.
 */
export function CollapsedRail({
  items,
  ctx,
  renderGroup = (item) => (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      data-state="closed"
      {...railGroupTriggerProps(item, ctx)}
    />
  ),
  wrapLink = (_item, link) => link,
}: {
  items: SidebarItem[];
  ctx: MenuContext;
  renderGroup?: (item: SidebarItem) => React.ReactNode;
  wrapLink?: (item: SidebarItem, link: React.ReactNode) => React.ReactNode;
}) {
  return (
    <ul data-slot="sidebar-menu" className="flex flex-col gap-1">
      {items.map((item) => (
        <li key={keyOf(item)} data-slot={item.children?.length ? 'sidebar-group' : 'sidebar-menu-item'}>
          {item.children?.length
            ? renderGroup(item)
            : wrapLink(
                item,
                <SidebarLink
                  item={item}
                  ctx={ctx}
                  showTitle={false}
                  aria-label={item.title}
                  className={railRowClass}
                />,
              )}
        </li>
      ))}
    </ul>
  );
}
