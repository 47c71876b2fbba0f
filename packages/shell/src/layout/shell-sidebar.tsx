import type { CompanyConfig } from '@consign/api-client';
import {
  cn,
  Dialog,
  DialogContent,
  DialogTitle,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
  Switch,
  Tooltip,
  TooltipContent,
  TooltipTrigger,
} from '@consign/ui';
import { ChevronDown } from 'lucide-react';
import * as React from 'react';
import { shellCopy } from '../copy';
import { PathLink } from '../lib/router-link';
import { findActivePath, findMenuTrail } from '../menu/active-path';
import type { MenuItem } from '../menu/filter-menu';
import { useShellStore } from '../store/shell-store';

/** Sidebar widths in px (SPEC.md section 9). */
export const SIDEBAR_WIDTH = 208;
export const SIDEBAR_COLLAPSED_WIDTH = 60;

/** A component type: a function, or a `forwardRef`/`memo` object (lucide icons are `forwardRef`s). */
function isComponentType(
  icon: unknown,
): icon is React.ComponentType<{ className?: string; 'aria-hidden'?: 'true' }> {
  if (typeof icon === 'function') return true;
  return typeof icon === 'object' && icon !== null && '$$typeof' in icon && !React.isValidElement(icon);
}

function MenuIcon({ icon }: { icon: MenuItem['icon'] }) {
  if (!icon) return null;
  if (isComponentType(icon)) {
    const Icon = icon;
    return <Icon aria-hidden="true" className="size-4 shrink-0" />;
  }
  return (
    <span aria-hidden="true" className="flex size-4 shrink-0 items-center justify-center">
      {icon as React.ReactNode}
    </span>
  );
}

const itemClass =
  'flex h-10 w-full cursor-pointer items-center gap-2.5 rounded-md px-3 text-sm text-sidebar-foreground outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring';
const activeClass =
  'bg-sidebar-accent font-medium text-sidebar-accent-foreground hover:bg-sidebar-accent hover:text-sidebar-accent-foreground';

function Initial({ title }: { title: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-4 shrink-0 items-center justify-center text-xs font-semibold"
    >
      {title.slice(0, 1)}
    </span>
  );
}

interface MenuTreeProps {
  items: MenuItem[];
  activePath: string | undefined;
  openPath: string | undefined;
  onOpenChange(path: string | undefined): void;
}

/** The expanded menu: an accordion (one open group at a time) of links. */
function ExpandedMenu({ items, activePath, openPath, onOpenChange }: MenuTreeProps) {
  const baseId = React.useId();
  return (
    <ul data-slot="sidebar-menu" className="flex flex-col gap-0.5">
      {items.map((item, index) => {
        const children = item.children ?? [];
        if (children.length === 0) {
          const active = item.path === activePath;
          return (
            <li key={item.path}>
              <PathLink
                to={item.path}
                data-slot="sidebar-link"
                data-active={active || undefined}
                aria-current={active ? 'page' : undefined}
                className={cn(itemClass, active && activeClass)}
              >
                <MenuIcon icon={item.icon} />
                <span className="truncate">{item.title}</span>
              </PathLink>
            </li>
          );
        }
        const open = openPath === item.path;
        const panelId = `${baseId}-${index}`;
        const containsActive = children.some((child) => child.path === activePath);
        return (
          <li key={item.path} data-slot="sidebar-group" data-state={open ? 'open' : 'closed'}>
            <button
              type="button"
              data-slot="sidebar-group-trigger"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => onOpenChange(open ? undefined : item.path)}
              className={cn(itemClass, containsActive && 'font-medium')}
            >
              <MenuIcon icon={item.icon} />
              <span className="flex-1 truncate text-left">{item.title}</span>
              <ChevronDown
                aria-hidden="true"
                className={cn('size-3.5 shrink-0 transition-transform', open && 'rotate-180')}
              />
            </button>
            <ul id={panelId} hidden={!open} className="mt-0.5 flex flex-col gap-0.5">
              {children.map((child) => {
                const active = child.path === activePath;
                return (
                  <li key={child.path}>
                    <PathLink
                      to={child.path}
                      data-slot="sidebar-link"
                      data-active={active || undefined}
                      aria-current={active ? 'page' : undefined}
                      className={cn(itemClass, 'pl-9', active && activeClass)}
                    >
                      <span className="truncate">{child.title}</span>
                    </PathLink>
                  </li>
                );
              })}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

/** The 60px rail: one icon per top-level item; a group opens its links in a menu beside the rail. */
function CollapsedMenu({ items, activePath }: Pick<MenuTreeProps, 'items' | 'activePath'>) {
  const trail = findMenuTrail(items, activePath);
  return (
    <ul data-slot="sidebar-menu" className="flex flex-col items-center gap-1">
      {items.map((item) => {
        const active = trail[0]?.path === item.path;
        const icon = item.icon ? <MenuIcon icon={item.icon} /> : <Initial title={item.title} />;
        const children = item.children ?? [];
        const railClass = cn(itemClass, 'size-10 justify-center px-0', active && activeClass);
        if (children.length === 0) {
          return (
            <li key={item.path}>
              <Tooltip>
                <TooltipTrigger asChild>
                  <PathLink
                    to={item.path}
                    data-slot="sidebar-link"
                    aria-label={item.title}
                    aria-current={active ? 'page' : undefined}
                    className={railClass}
                  >
                    {icon}
                  </PathLink>
                </TooltipTrigger>
                <TooltipContent side="right">{item.title}</TooltipContent>
              </Tooltip>
            </li>
          );
        }
        return (
          <li key={item.path}>
            <DropdownMenu>
              <DropdownMenuTrigger
                data-slot="sidebar-group-trigger"
                aria-label={item.title}
                className={railClass}
              >
                {icon}
              </DropdownMenuTrigger>
              <DropdownMenuContent side="right" align="start" className="min-w-40">
                <DropdownMenuLabel>{item.title}</DropdownMenuLabel>
                {children.map((child) => (
                  <DropdownMenuItem key={child.path} asChild>
                    <PathLink to={child.path} aria-current={child.path === activePath ? 'page' : undefined}>
                      {child.title}
                    </PathLink>
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          </li>
        );
      })}
    </ul>
  );
}

export interface SidebarPanelProps {
  items: MenuItem[];
  pathname: string;
  config?: Pick<CompanyConfig, 'logo_url' | 'short_name'> | undefined;
  collapsed: boolean;
  className?: string;
}

/** The `<aside>`: brand, the menu in a `<nav>`, and the 暗色菜单 switch. */
export function SidebarPanel({ items, pathname, config, collapsed, className }: SidebarPanelProps) {
  const theme = useShellStore((state) => state.theme);
  const setTheme = useShellStore((state) => state.setTheme);
  const activePath = findActivePath(items, pathname);
  const activeGroup = findMenuTrail(items, activePath)[0]?.path;
  const [openPath, setOpenPath] = React.useState<string | undefined>(activeGroup);
  // Navigating into another group opens it (and so closes the others).
  React.useEffect(() => {
    if (activeGroup) setOpenPath(activeGroup);
  }, [activeGroup]);
  const switchId = React.useId();

  return (
    <aside
      data-slot="sidebar"
      data-state={collapsed ? 'collapsed' : 'expanded'}
      data-theme={theme}
      style={{ width: collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH }}
      className={cn(
        theme === 'dark' && 'dark',
        'flex h-full shrink-0 flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground transition-[width] duration-200',
        className,
      )}
    >
      <div
        data-slot="sidebar-brand"
        className={cn(
          'flex h-14 shrink-0 items-center gap-2 px-4 font-semibold',
          collapsed && 'justify-center px-0',
        )}
      >
        {config?.logo_url ? (
          <img src={config.logo_url} alt="" className="size-7 shrink-0 object-contain" />
        ) : null}
        {collapsed ? (
          config?.logo_url ? null : (
            <span aria-hidden="true">{config?.short_name?.slice(0, 1)}</span>
          )
        ) : (
          <span className="truncate">{config?.short_name}</span>
        )}
      </div>
      <nav aria-label={shellCopy.mainNav} className="min-h-0 flex-1 overflow-y-auto px-2 py-2">
        {collapsed ? (
          <CollapsedMenu items={items} activePath={activePath} />
        ) : (
          <ExpandedMenu
            items={items}
            activePath={activePath}
            openPath={openPath}
            onOpenChange={setOpenPath}
          />
        )}
      </nav>
      <div
        data-slot="sidebar-footer"
        className={cn(
          'flex h-12 shrink-0 items-center gap-2 border-t border-sidebar-border px-4',
          collapsed && 'justify-center px-0',
        )}
      >
        <Switch
          id={switchId}
          aria-label={shellCopy.darkMenu}
          checked={theme === 'dark'}
          onCheckedChange={(checked) => setTheme(checked ? 'dark' : 'light')}
        />
        {collapsed ? null : (
          <label htmlFor={switchId} aria-hidden="true" className="text-sm">
            {shellCopy.darkMenu}
          </label>
        )}
      </div>
    </aside>
  );
}

export interface ShellSidebarProps {
  items: MenuItem[];
  pathname: string;
  config?: Pick<CompanyConfig, 'logo_url' | 'short_name'> | undefined;
  /** Narrow window: the sidebar is a drawer (opened by the header toggle). */
  narrow: boolean;
}

/** The sidebar in place (wide windows) or in a drawer (narrow windows). */
export function ShellSidebar({ items, pathname, config, narrow }: ShellSidebarProps) {
  const collapsed = useShellStore((state) => state.collapsed);
  const drawerOpen = useShellStore((state) => state.drawerOpen);
  const setDrawerOpen = useShellStore((state) => state.setDrawerOpen);
  if (!narrow) {
    return <SidebarPanel items={items} pathname={pathname} config={config} collapsed={collapsed} />;
  }
  return (
    <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
      <DialogContent
        data-slot="sidebar-drawer"
        showCloseButton={false}
        aria-describedby={undefined}
        className="inset-y-0 right-auto left-0 m-0 h-full max-h-full w-auto max-w-none gap-0 overflow-visible rounded-none border-0 p-0 sm:max-w-none"
      >
        <DialogTitle className="sr-only">{shellCopy.mainNav}</DialogTitle>
        <SidebarPanel items={items} pathname={pathname} config={config} collapsed={false} />
      </DialogContent>
    </Dialog>
  );
}
