import { Collapsible } from 'radix-ui';
import * as React from 'react';
import { cn } from '../lib/cn';
import { Icon } from '../lib/icon-base';
import { useControllableState } from '../lib/use-controllable-state';
import { useIsMobile } from '../lib/use-media-query';

/** Default texts; pass `copy` to translate. */
export const sidebarCopy = {
  label: '主菜单',
  collapse: '折叠菜单',
  expand: '展开菜单',
  drawerTitle: '导航菜单',
};
export type SidebarCopy = typeof sidebarCopy;

/** The widths are a contract with the shell and the end-to-end tests. */
export const SIDEBAR_WIDTH = 208;
export const SIDEBAR_WIDTH_COLLAPSED = 60;

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

export interface SidebarState {
  collapsed: boolean;
  mobile: boolean;
}

export type SidebarProps = Omit<React.ComponentProps<'aside'>, 'children'> & {
  items: SidebarItem[];
  /** The current location's path; the matching item gets `aria-current="page"`. */
  activePath?: string;
  /** Render a router link; default `<a href>`. Spread the props you get onto the link. */
  renderLink?: (props: SidebarLinkProps) => React.ReactNode;
  collapsed?: boolean;
  defaultCollapsed?: boolean;
  onCollapsedChange?: (collapsed: boolean) => void;
  /** Keys of open groups; at most one is open at a time. Default: the active item's group. */
  openKeys?: string[];
  defaultOpenKeys?: string[];
  onOpenKeysChange?: (openKeys: string[]) => void;
  /** Below `MOBILE_BREAKPOINT` (768px) the sidebar is a drawer, opened by the app's toggle. */
  mobileOpen?: boolean;
  defaultMobileOpen?: boolean;
  onMobileOpenChange?: (open: boolean) => void;
  theme?: SidebarTheme;
  /** Logo and short name; a function gets `{ collapsed, mobile }`. */
  header?: React.ReactNode | ((state: SidebarState) => React.ReactNode);
  /** E.g. the theme switch; a function gets `{ collapsed, mobile }`. */
  footer?: React.ReactNode | ((state: SidebarState) => React.ReactNode);
  /** Show the built-in 折叠菜单 / 展开菜单 button at the bottom (default true). */
  showCollapseToggle?: boolean;
  copy?: Partial<SidebarCopy>;
};

export const keyOf = (item: SidebarItem) => item.key ?? item.path;

/**
 * Whether `path` is the item's path or lies under it (`/order/index` is under `/order`, `/orders` is
 * not; `/order/` is `/order`). The root `/` matches only itself. The shell's menu matching uses it too.
 */
export function isPathActive(itemPath: string, activePath: string | undefined): boolean {
  if (!activePath) return false;
  if (itemPath === '/') return activePath === '/';
  const base = itemPath.endsWith('/') ? itemPath.slice(0, -1) : itemPath;
  return activePath === base || activePath.startsWith(`${base}/`);
}

/** The key of the group that holds the active item, if any. */
export function activeGroupKey(items: SidebarItem[], activePath: string | undefined): string | undefined {
  const group = items.find((item) => item.children?.some((child) => isPathActive(child.path, activePath)));
  return group ? keyOf(group) : undefined;
}

/** The leaf whose path matches best (the longest match), so that only one item is current. */
function bestMatch(items: SidebarItem[], activePath: string | undefined): SidebarItem | undefined {
  let best: SidebarItem | undefined;
  const visit = (list: SidebarItem[]) => {
    for (const item of list) {
      if (item.children?.length) visit(item.children);
      else if (isPathActive(item.path, activePath) && (!best || item.path.length > best.path.length))
        best = item;
    }
  };
  visit(items);
  return best;
}

export const rowClass =
  'flex h-10 w-full min-w-0 items-center gap-2.5 rounded-md px-3 text-sm text-sidebar-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset';
export const activeRowClass =
  'bg-sidebar-accent font-medium text-sidebar-accent-foreground hover:bg-sidebar-accent hover:text-sidebar-accent-foreground';
export const iconClass = 'flex size-4 shrink-0 items-center justify-center [&>svg]:size-4';
export const floatingClass =
  'z-50 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg outline-none';
/** A collapsed rail's row: the icon alone, centred. */
export const railRowClass = 'justify-center px-0';

/** What every part of the menu needs to draw a link. */
export interface MenuContext {
  activeItem: SidebarItem | undefined;
  renderLink: (props: SidebarLinkProps) => React.ReactNode;
  theme: SidebarTheme;
  onNavigate: () => void;
}

function defaultRenderLink({ item: _item, active: _active, ...props }: SidebarLinkProps) {
  return <a {...props} />;
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

function ChevronIcon({ className }: { className?: string }) {
  return (
    <Icon width="14" height="14" className={className}>
      <path d="m6 9 6 6 6-6" />
    </Icon>
  );
}

function FoldIcon({ collapsed }: { collapsed: boolean }) {
  return (
    <Icon>
      <path d="M3 6h18M3 18h18M11 12h10" />
      <path d={collapsed ? 'm3 9 3 3-3 3' : 'm7 9-3 3 3 3'} />
    </Icon>
  );
}

/** Which rows arrow keys move between: visible links and group triggers inside the nav. */
const FOCUSABLE = '[data-sidebar-focusable]';

function moveFocus(nav: HTMLElement, key: string): boolean {
  const rows = [...nav.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
  if (rows.length === 0) return false;
  const index = rows.indexOf(document.activeElement as HTMLElement);
  let next: number;
  if (key === 'ArrowDown') next = index < 0 ? 0 : Math.min(rows.length - 1, index + 1);
  else if (key === 'ArrowUp') next = index < 0 ? rows.length - 1 : Math.max(0, index - 1);
  else if (key === 'Home') next = 0;
  else if (key === 'End') next = rows.length - 1;
  else return false;
  rows[next]?.focus();
  return true;
}

/**
 * One group of the expanded menu: a Radix Collapsible (a button with `aria-expanded` / `aria-controls`)
 * whose items, a region named by the button, are in the page only while it is open.
 */
function ExpandedGroup({
  item,
  ctx,
  open,
  onOpenChange,
}: {
  item: SidebarItem;
  ctx: MenuContext;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const triggerId = React.useId();
  const holdsActive = holdsActiveItem(item, ctx);
  return (
    <Collapsible.Root asChild open={open} onOpenChange={onOpenChange}>
      <li data-slot="sidebar-group">
        <Collapsible.Trigger
          id={triggerId}
          data-slot="sidebar-group-trigger"
          data-sidebar-focusable=""
          data-active={holdsActive ? '' : undefined}
          className={cn(rowClass, 'group/trigger cursor-pointer', holdsActive && 'font-medium')}
        >
          {item.icon && <span className={iconClass}>{item.icon}</span>}
          <span className="flex-1 truncate text-left">{item.title}</span>
          <ChevronIcon className="shrink-0 opacity-60 transition-transform group-data-[state=open]/trigger:rotate-180" />
        </Collapsible.Trigger>
        <Collapsible.Content asChild>
          {/* A named section is a region landmark, as in the WAI-ARIA accordion pattern. */}
          <section aria-labelledby={triggerId} data-slot="sidebar-group-content">
            <ul className="mt-1 flex flex-col gap-1">
              {item.children?.map((child) => (
                <li key={keyOf(child)} data-slot="sidebar-menu-item">
                  <SidebarLink item={child} ctx={ctx} className="pl-9.5" />
                </li>
              ))}
            </ul>
          </section>
        </Collapsible.Content>
      </li>
    </Collapsible.Root>
  );
}

/** Expanded menu: links, and groups of which one at a time is open; clicking the open group closes it. */
function ExpandedMenu({
  items,
  ctx,
  openKey,
  setOpenKey,
}: {
  items: SidebarItem[];
  ctx: MenuContext;
  openKey: string;
  setOpenKey: (key: string) => void;
}) {
  return (
    <ul data-slot="sidebar-menu" className="flex flex-col gap-1">
      {items.map((item) => {
        const key = keyOf(item);
        return item.children?.length ? (
          <ExpandedGroup
            key={key}
            item={item}
            ctx={ctx}
            open={key === openKey}
            onOpenChange={(open) => setOpenKey(open ? key : '')}
          />
        ) : (
          <li key={key} data-slot="sidebar-menu-item">
            <SidebarLink item={item} ctx={ctx} />
          </li>
        );
      })}
    </ul>
  );
}

// The collapsed rail's flyouts and tooltips (Radix Popover and Tooltip, with floating-UI) load when the
// rail is first shown, and the mobile drawer (Radix Dialog) when it first opens: an expanded desktop
// sidebar carries neither. Until they arrive, `RailFallback` draws the same rail and nothing opens.
const SidebarRail = React.lazy(() => import('./sidebar-rail'));
const SidebarDrawer = React.lazy(() => import('./sidebar-drawer'));

/**
 * The collapsed rail as it looks before its code has arrived: the same rows, without flyouts or
 * tooltips. A row focused meanwhile is focused again in the loaded rail (`data-rail-key`).
 */
function RailFallback({ items, ctx }: { items: SidebarItem[]; ctx: MenuContext }) {
  return (
    <ul data-slot="sidebar-menu" className="flex flex-col gap-1">
      {items.map((item) =>
        item.children?.length ? (
          <li key={keyOf(item)} data-slot="sidebar-group">
            <button
              type="button"
              data-slot="sidebar-group-trigger"
              data-sidebar-focusable=""
              data-rail-key={keyOf(item)}
              data-active={holdsActiveItem(item, ctx) ? '' : undefined}
              aria-label={item.title}
              aria-haspopup="dialog"
              aria-expanded={false}
              className={cn(rowClass, railRowClass, holdsActiveItem(item, ctx) && activeRowClass)}
            >
              <span className={iconClass}>{item.icon ?? item.title.slice(0, 1)}</span>
            </button>
          </li>
        ) : (
          <li key={keyOf(item)} data-slot="sidebar-menu-item">
            <SidebarLink
              item={item}
              ctx={ctx}
              showTitle={false}
              aria-label={item.title}
              className={railRowClass}
              data-rail-key={keyOf(item)}
            />
          </li>
        ),
      )}
    </ul>
  );
}

/**
 * The data-driven side menu: an accordion with one open group (Radix Collapsible), a 60px icon rail when
 * collapsed (`sidebar-rail.tsx`: Radix Popover flyouts for groups, Radix Tooltip for items), and below
 * `MOBILE_BREAKPOINT` a drawer (`sidebar-drawer.tsx`: Radix Dialog). Knows no router: links go through
 * `renderLink`.
 */
export function Sidebar({
  items,
  activePath,
  renderLink = defaultRenderLink,
  collapsed: collapsedProp,
  defaultCollapsed = false,
  onCollapsedChange,
  openKeys: openKeysProp,
  defaultOpenKeys,
  onOpenKeysChange,
  mobileOpen: mobileOpenProp,
  defaultMobileOpen = false,
  onMobileOpenChange,
  theme = 'light',
  header,
  footer,
  showCollapseToggle = true,
  copy: copyOverride,
  className,
  style,
  ...props
}: SidebarProps) {
  const t = { ...sidebarCopy, ...copyOverride };
  const mobile = useIsMobile();
  const [collapsedState, setCollapsed] = useControllableState({
    value: collapsedProp,
    defaultValue: defaultCollapsed,
    onChange: onCollapsedChange,
  });
  const [mobileOpen, setMobileOpen] = useControllableState({
    value: mobileOpenProp,
    defaultValue: defaultMobileOpen,
    onChange: onMobileOpenChange,
  });
  // The active item's group starts open.
  const activeKey = activeGroupKey(items, activePath);
  const [openKeys, setOpenKeys] = useControllableState({
    value: openKeysProp,
    defaultValue: defaultOpenKeys ?? (activeKey ? [activeKey] : []),
    onChange: onOpenKeysChange,
  });
  const collapsed = collapsedState && !mobile;
  // Navigating elsewhere (a breadcrumb, a link in the page) opens the new active item's group.
  const previousActiveKey = React.useRef(activeKey);
  React.useEffect(() => {
    if (activeKey === previousActiveKey.current) return;
    previousActiveKey.current = activeKey;
    if (activeKey && !openKeys.includes(activeKey)) setOpenKeys([activeKey]);
  }, [activeKey, openKeys, setOpenKeys]);
  const activeItem = React.useMemo(() => bestMatch(items, activePath), [items, activePath]);

  const ctx: MenuContext = {
    activeItem,
    renderLink,
    theme,
    onNavigate: () => {
      if (mobile) setMobileOpen(false);
    },
  };
  const state: SidebarState = { collapsed, mobile };
  const slot = (value: SidebarProps['header']) => (typeof value === 'function' ? value(state) : value);

  const aside = (
    <aside
      data-slot="sidebar"
      data-state={collapsed ? 'collapsed' : 'expanded'}
      data-theme={theme}
      data-mobile={mobile ? '' : undefined}
      className={cn(
        'group/sidebar flex h-full shrink-0 flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200',
        collapsed ? 'w-(--sidebar-width-collapsed)' : 'w-(--sidebar-width)',
        theme === 'dark' && 'dark',
        className,
      )}
      style={
        {
          '--sidebar-width': `${SIDEBAR_WIDTH}px`,
          '--sidebar-width-collapsed': `${SIDEBAR_WIDTH_COLLAPSED}px`,
          ...style,
        } as React.CSSProperties
      }
      {...props}
    >
      {header !== undefined && (
        <div data-slot="sidebar-header" className="flex h-14 shrink-0 items-center overflow-hidden px-3">
          {slot(header)}
        </div>
      )}
      <nav
        data-slot="sidebar-nav"
        aria-label={t.label}
        className="min-h-0 flex-1 overflow-y-auto overflow-x-hidden px-2 py-2"
        onKeyDownCapture={(event) => {
          if (event.altKey || event.ctrlKey || event.metaKey) return;
          // React events bubble through portals: keys pressed in a flyout are the flyout's own.
          if (!event.currentTarget.contains(event.target as Node)) return;
          if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
          if (moveFocus(event.currentTarget, event.key)) {
            event.preventDefault();
            event.stopPropagation();
          }
        }}
      >
        {collapsed ? (
          <React.Suspense fallback={<RailFallback items={items} ctx={ctx} />}>
            <SidebarRail items={items} ctx={ctx} />
          </React.Suspense>
        ) : (
          <ExpandedMenu
            items={items}
            ctx={ctx}
            openKey={openKeys[0] ?? ''}
            setOpenKey={(key) => setOpenKeys(key ? [key] : [])}
          />
        )}
      </nav>
      {footer !== undefined && (
        <div data-slot="sidebar-footer" className="shrink-0 border-t border-sidebar-border px-3 py-2">
          {slot(footer)}
        </div>
      )}
      {showCollapseToggle && !mobile && (
        <div className="shrink-0 border-t border-sidebar-border p-2">
          <button
            type="button"
            data-slot="sidebar-collapse-toggle"
            aria-label={collapsed ? t.expand : t.collapse}
            aria-expanded={!collapsed}
            onClick={() => setCollapsed(!collapsed)}
            className={cn(rowClass, collapsed && 'justify-center px-0')}
          >
            <FoldIcon collapsed={collapsed} />
          </button>
        </div>
      )}
    </aside>
  );

  if (!mobile) return aside;
  // A modal drawer (focus trap, Escape, scroll lock, overlay click); closed, it renders nothing.
  if (!mobileOpen) return null;
  return (
    <React.Suspense fallback={null}>
      <SidebarDrawer open={mobileOpen} onOpenChange={setMobileOpen} title={t.drawerTitle}>
        {aside}
      </SidebarDrawer>
    </React.Suspense>
  );
}
