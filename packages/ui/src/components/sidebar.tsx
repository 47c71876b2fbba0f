import * as React from 'react';
import { cn } from '../lib/cn';
import { Icon } from '../lib/icon-base';
import {
  CollapsedRail,
  holdsActiveItem,
  iconClass,
  keyOf,
  type MenuContext,
  rowClass,
  type SidebarItem,
  SidebarLink,
  type SidebarLinkProps,
  type SidebarTheme,
} from './sidebar-parts';

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
/** Below this width the sidebar becomes a drawer. */
export const SIDEBAR_MOBILE_BREAKPOINT = 768;

export type { SidebarItem, SidebarLinkProps, SidebarTheme } from './sidebar-parts';

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
  /** Below 768px the sidebar is a drawer, opened by the app's toggle. */
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

/** Whether `path` is the item's path or lies under it (`/order/index` is under `/order`). */
export function isPathActive(itemPath: string, activePath: string | undefined): boolean {
  if (!activePath) return false;
  if (itemPath === activePath) return true;
  const prefix = itemPath.endsWith('/') ? itemPath : `${itemPath}/`;
  return activePath.startsWith(prefix);
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

function subscribeMedia(query: string) {
  return (onChange: () => void) => {
    const list = window.matchMedia(query);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  };
}

/** True while the media query matches (false during server rendering). */
export function useMediaQuery(query: string): boolean {
  const subscribe = React.useMemo(() => subscribeMedia(query), [query]);
  return React.useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

function useControllable<T>(value: T | undefined, defaultValue: T, onChange?: (value: T) => void) {
  const [inner, setInner] = React.useState(defaultValue);
  const controlled = value !== undefined;
  const onChangeRef = React.useRef(onChange);
  onChangeRef.current = onChange;
  const set = React.useCallback(
    (next: T) => {
      if (!controlled) setInner(next);
      onChangeRef.current?.(next);
    },
    [controlled],
  );
  return [controlled ? value : inner, set] as const;
}

function defaultRenderLink({ item: _item, active: _active, ...props }: SidebarLinkProps) {
  return <a {...props} />;
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
 * Code that only some sidebars need, loaded on demand: the collapsed rail's flyouts and tooltips, and
 * the mobile drawer. The first paint of an expanded sidebar in a wide window carries neither. No
 * Suspense boundary: until a part is there the Sidebar draws its fallback (the same rail without the
 * flyouts; no drawer), and once it is there every render uses it at once.
 */
interface LazyPart<T> {
  loaded: T | undefined;
  load: () => Promise<T>;
}

function lazyPart<T>(importer: () => Promise<T>): LazyPart<T> {
  // `import()` itself fetches and runs a module once, however often it is called.
  const part: LazyPart<T> = {
    loaded: undefined,
    load: () => importer().then((module) => (part.loaded = module)),
  };
  return part;
}

const collapsedPart = lazyPart(() => import('./sidebar-collapsed'));
const drawerPart = lazyPart(() => import('./sidebar-drawer'));

/** The part's module once loaded; starts loading it when `wanted` and re-renders when it arrives. */
function useLazyPart<T>(part: LazyPart<T>, wanted: boolean): T | undefined {
  const [, rerender] = React.useReducer((count: number) => count + 1, 0);
  React.useEffect(() => {
    // A failed fetch keeps the fallback; the next mount that wants the part tries again.
    if (wanted && !part.loaded) part.load().then(rerender, () => {});
  }, [part, wanted]);
  return part.loaded;
}

/** One group of the expanded menu: a disclosure button and, while open, its items. */
function ExpandedGroup({
  item,
  ctx,
  open,
  onToggle,
}: {
  item: SidebarItem;
  ctx: MenuContext;
  open: boolean;
  onToggle: () => void;
}) {
  const id = React.useId();
  const triggerId = `${id}trigger`;
  const contentId = `${id}content`;
  const holdsActive = holdsActiveItem(item, ctx);
  const state = open ? 'open' : 'closed';
  return (
    <li data-slot="sidebar-group" data-state={state}>
      <button
        type="button"
        id={triggerId}
        aria-expanded={open}
        aria-controls={contentId}
        data-state={state}
        data-slot="sidebar-group-trigger"
        data-sidebar-focusable=""
        data-active={holdsActive ? '' : undefined}
        onClick={onToggle}
        className={cn(rowClass, 'group/trigger cursor-pointer', holdsActive && 'font-medium')}
      >
        {item.icon && <span className={iconClass}>{item.icon}</span>}
        <span className="flex-1 truncate text-left">{item.title}</span>
        <ChevronIcon className="shrink-0 opacity-60 transition-transform group-data-[state=open]/trigger:rotate-180" />
      </button>
      {open && (
        // A named section is a region landmark, as in the WAI-ARIA accordion pattern.
        <section
          id={contentId}
          aria-labelledby={triggerId}
          data-state={state}
          data-slot="sidebar-group-content"
        >
          <ul className="mt-1 flex flex-col gap-1">
            {item.children?.map((child) => (
              <li key={keyOf(child)} data-slot="sidebar-menu-item">
                <SidebarLink item={child} ctx={ctx} className="pl-9.5" />
              </li>
            ))}
          </ul>
        </section>
      )}
    </li>
  );
}

/**
 * Expanded menu: groups are disclosures (a button with `aria-expanded` / `aria-controls`), one open at
 * a time; clicking the open group closes it. Arrow keys, Home and End are the nav's (see `moveFocus`).
 */
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
        if (!item.children?.length) {
          return (
            <li key={key} data-slot="sidebar-menu-item">
              <SidebarLink item={item} ctx={ctx} />
            </li>
          );
        }
        const open = key === openKey;
        return (
          <ExpandedGroup
            key={key}
            item={item}
            ctx={ctx}
            open={open}
            onToggle={() => setOpenKey(open ? '' : key)}
          />
        );
      })}
    </ul>
  );
}

/**
 * The data-driven side menu: an accordion with one open group, a 60px icon rail when collapsed (flyouts
 * for groups, tooltips for items), and a drawer below 768px. Knows no router: links go through `renderLink`.
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
  const mobile = useMediaQuery(`(max-width: ${SIDEBAR_MOBILE_BREAKPOINT - 0.02}px)`);
  const [collapsedState, setCollapsed] = useControllable(collapsedProp, defaultCollapsed, onCollapsedChange);
  const [mobileOpen, setMobileOpen] = useControllable(mobileOpenProp, defaultMobileOpen, onMobileOpenChange);
  // The active item's group starts open (useState inside keeps only the first render's value).
  const activeKey = activeGroupKey(items, activePath);
  const initialOpen = activeKey ? [activeKey] : [];
  const [openKeys, setOpenKeys] = useControllable(
    openKeysProp,
    defaultOpenKeys ?? initialOpen,
    onOpenKeysChange,
  );
  const collapsed = collapsedState && !mobile;
  // Navigating elsewhere (a breadcrumb, a link in the page) opens the new active item's group.
  const previousActiveKey = React.useRef(activeKey);
  React.useEffect(() => {
    if (activeKey === previousActiveKey.current) return;
    previousActiveKey.current = activeKey;
    if (activeKey && !openKeys.includes(activeKey)) setOpenKeys([activeKey]);
  }, [activeKey, openKeys, setOpenKeys]);
  const activeItem = React.useMemo(() => bestMatch(items, activePath), [items, activePath]);
  // Fetched at once, so the flyouts are there before anyone collapses the rail or hovers it.
  const collapsedMenu = useLazyPart(collapsedPart, !mobile);
  const drawer = useLazyPart(drawerPart, mobile);

  const ctx: MenuContext = {
    activeItem,
    activePath,
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
          collapsedMenu ? (
            <collapsedMenu.CollapsedMenu items={items} ctx={ctx} />
          ) : (
            <CollapsedRail items={items} ctx={ctx} />
          )
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

  if (mobile) {
    // Closed, the drawer renders nothing; opened before its code has arrived, it shows once it has.
    return drawer ? (
      <drawer.SidebarDrawer open={mobileOpen} onOpenChange={setMobileOpen} title={t.drawerTitle}>
        {aside}
      </drawer.SidebarDrawer>
    ) : null;
  }

  return aside;
}
