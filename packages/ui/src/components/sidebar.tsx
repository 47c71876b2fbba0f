import { Collapsible, Dialog, Popover, Tooltip, VisuallyHidden } from 'radix-ui';
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

const keyOf = (item: SidebarItem) => item.key ?? item.path;

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

const rowClass =
  'flex h-10 w-full min-w-0 items-center gap-2.5 rounded-md px-3 text-sm text-sidebar-foreground outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset';
const activeRowClass =
  'bg-sidebar-accent font-medium text-sidebar-accent-foreground hover:bg-sidebar-accent hover:text-sidebar-accent-foreground';
const iconClass = 'flex size-4 shrink-0 items-center justify-center [&>svg]:size-4';
const floatingClass =
  'z-50 rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-lg outline-none';
/** A collapsed rail's row: the icon alone, centred. */
const railRowClass = 'justify-center px-0';

/** What every part of the menu needs to draw a link. */
interface MenuContext {
  activeItem: SidebarItem | undefined;
  renderLink: (props: SidebarLinkProps) => React.ReactNode;
  theme: SidebarTheme;
  onNavigate: () => void;
}

function defaultRenderLink({ item: _item, active: _active, ...props }: SidebarLinkProps) {
  return <a {...props} />;
}

function SidebarLink({
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
function holdsActiveItem(item: SidebarItem, ctx: MenuContext): boolean {
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

/**
 * A collapsed group: an icon button whose items open in a Radix Popover flyout on hover, on keyboard
 * focus (without moving focus), or on click, Enter, Space and ArrowRight (which move focus in).
 */
function CollapsedGroup({ item, ctx }: { item: SidebarItem; ctx: MenuContext }) {
  const [open, setOpen] = React.useState(false);
  const closeTimer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const byHover = React.useRef(false);
  // Set while Radix hands focus back to the trigger on close, so that this focus does not reopen it.
  const returningFocus = React.useRef(false);
  const contentRef = React.useRef<HTMLDivElement>(null);
  const cancelClose = () => clearTimeout(closeTimer.current);
  const scheduleClose = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), 150);
  };
  React.useEffect(() => () => clearTimeout(closeTimer.current), []);
  const holdsActive = holdsActiveItem(item, ctx);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        data-slot="sidebar-group-trigger"
        data-sidebar-focusable=""
        data-active={holdsActive ? '' : undefined}
        aria-label={item.title}
        className={cn(rowClass, railRowClass, holdsActive && activeRowClass)}
        onPointerEnter={(event) => {
          if (event.pointerType !== 'mouse') return;
          cancelClose();
          byHover.current = true;
          setOpen(true);
        }}
        onPointerLeave={(event) => {
          if (event.pointerType === 'mouse') scheduleClose();
        }}
        onClick={(event) => {
          // The pointer that clicks has hovered first: the flyout is already open, keep it so.
          if (byHover.current && open) event.preventDefault();
          byHover.current = false;
        }}
        onFocus={(event) => {
          // Keyboard focus shows the items without moving focus; Enter, Space or ArrowRight goes in.
          if (returningFocus.current || !event.currentTarget.matches(':focus-visible')) return;
          byHover.current = true;
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (!['Enter', ' ', 'ArrowRight'].includes(event.key)) return;
          event.preventDefault();
          if (open) {
            contentRef.current?.querySelector<HTMLElement>('a')?.focus();
          } else {
            byHover.current = false;
            setOpen(true);
          }
        }}
      >
        <span className={iconClass}>{item.icon ?? item.title.slice(0, 1)}</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="right"
          align="start"
          sideOffset={8}
          data-slot="sidebar-flyout"
          aria-label={item.title}
          onOpenAutoFocus={(event) => {
            // Hovering shows the items without stealing focus; keyboard and click move focus in.
            if (byHover.current) event.preventDefault();
          }}
          onCloseAutoFocus={() => {
            returningFocus.current = true;
            setTimeout(() => {
              returningFocus.current = false;
            }, 0);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
            const links = [...event.currentTarget.querySelectorAll<HTMLElement>('a')];
            const index = links.indexOf(document.activeElement as HTMLElement);
            const next =
              event.key === 'ArrowDown' ? Math.min(links.length - 1, index + 1) : Math.max(0, index - 1);
            links[next]?.focus();
            event.preventDefault();
          }}
          ref={contentRef}
          onPointerEnter={cancelClose}
          onPointerLeave={scheduleClose}
          className={cn(floatingClass, 'min-w-40', ctx.theme === 'dark' && 'dark')}
        >
          <p className="px-3 py-1.5 text-xs font-medium text-muted-foreground">{item.title}</p>
          <ul className="flex flex-col gap-0.5">
            {item.children?.map((child) => (
              <li key={keyOf(child)}>
                <SidebarLink
                  item={child}
                  ctx={{
                    ...ctx,
                    onNavigate: () => {
                      setOpen(false);
                      ctx.onNavigate();
                    },
                  }}
                />
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The collapsed 60px rail: an icon button with a flyout per group, an icon link with a tooltip per item. */
function CollapsedMenu({ items, ctx }: { items: SidebarItem[]; ctx: MenuContext }) {
  return (
    <Tooltip.Provider delayDuration={200}>
      <ul data-slot="sidebar-menu" className="flex flex-col gap-1">
        {items.map((item) =>
          item.children?.length ? (
            <li key={keyOf(item)} data-slot="sidebar-group">
              <CollapsedGroup item={item} ctx={ctx} />
            </li>
          ) : (
            <li key={keyOf(item)} data-slot="sidebar-menu-item">
              <Tooltip.Root>
                <Tooltip.Trigger asChild>
                  <SidebarLink
                    item={item}
                    ctx={ctx}
                    showTitle={false}
                    aria-label={item.title}
                    className={railRowClass}
                  />
                </Tooltip.Trigger>
                <Tooltip.Portal>
                  <Tooltip.Content
                    side="right"
                    sideOffset={8}
                    data-slot="sidebar-tooltip"
                    className={cn(floatingClass, 'px-2.5 py-1.5 text-xs', ctx.theme === 'dark' && 'dark')}
                  >
                    {item.title}
                  </Tooltip.Content>
                </Tooltip.Portal>
              </Tooltip.Root>
            </li>
          ),
        )}
      </ul>
    </Tooltip.Provider>
  );
}

/**
 * The data-driven side menu: an accordion with one open group (Radix Collapsible), a 60px icon rail when
 * collapsed (Radix Popover flyouts for groups, Radix Tooltip for items), and below `MOBILE_BREAKPOINT` a
 * drawer (Radix Dialog). Knows no router: links go through `renderLink`.
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
          <CollapsedMenu items={items} ctx={ctx} />
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
  return (
    <Dialog.Root open={mobileOpen} onOpenChange={setMobileOpen}>
      <Dialog.Portal>
        <Dialog.Overlay data-slot="sidebar-overlay" className="fixed inset-0 z-50 bg-black/45" />
        <Dialog.Content
          data-slot="sidebar-drawer"
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex h-full shadow-xl outline-none"
        >
          <VisuallyHidden.Root asChild>
            <Dialog.Title>{t.drawerTitle}</Dialog.Title>
          </VisuallyHidden.Root>
          {aside}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
