import type { CompanyConfig } from '@consign/api-client';
import { cn, Sidebar, type SidebarItem, type SidebarState, Switch } from '@consign/ui';
import * as React from 'react';
import { shellCopy } from '../copy';
import { PathLink } from '../lib/router-link';
import type { MenuItem } from '../menu/filter-menu';
import { MenuIcon } from '../menu/menu-icon';
import { useShellStore } from '../store/shell-store';

/** The shell's menu items as the ui Sidebar's items (icons as elements). */
export function toSidebarItems(items: readonly MenuItem[]): SidebarItem[] {
  return items.map((item) => ({
    path: item.path,
    title: item.title,
    icon: item.icon ? <MenuIcon icon={item.icon} /> : undefined,
    ...(item.children ? { children: toSidebarItems(item.children) } : {}),
  }));
}

function Brand({ config, state }: { config: ShellSidebarProps['config']; state: SidebarState }) {
  const name = config?.short_name ?? '';
  return (
    <div
      data-slot="sidebar-brand"
      className={cn(
        'flex w-full min-w-0 items-center gap-2 font-semibold',
        state.collapsed && 'justify-center',
      )}
    >
      {config?.logo_url ? (
        <img src={config.logo_url} alt="" className="size-7 shrink-0 object-contain" />
      ) : null}
      {state.collapsed ? (
        config?.logo_url ? null : (
          <span aria-hidden="true">{name.slice(0, 1)}</span>
        )
      ) : (
        <span className="truncate">{name}</span>
      )}
    </div>
  );
}

/** 暗色菜单: the sidebar's light/dark switch, remembered by the shell store (sideMenuTheme). */
function ThemeSwitch({ state }: { state: SidebarState }) {
  const theme = useShellStore((s) => s.theme);
  const setTheme = useShellStore((s) => s.setTheme);
  const id = React.useId();
  return (
    <div className={cn('flex h-8 items-center gap-2', state.collapsed && 'justify-center')}>
      <Switch
        id={id}
        aria-label={shellCopy.darkMenu}
        checked={theme === 'dark'}
        onCheckedChange={(checked) => setTheme(checked ? 'dark' : 'light')}
      />
      {state.collapsed ? null : (
        <label htmlFor={id} aria-hidden="true" className="cursor-pointer text-sm">
          {shellCopy.darkMenu}
        </label>
      )}
    </div>
  );
}

export interface ShellSidebarProps {
  /** The role-filtered menu. */
  items: MenuItem[];
  /** The current pathname; the longest matching item is the current one. */
  pathname: string;
  config?: Pick<CompanyConfig, 'logo_url' | 'short_name'> | undefined;
}

/**
 * The ui Sidebar wired to the shell store (theme, collapse, drawer) and to the router (links): 208px /
 * 60px, one open group at a time, a drawer below MOBILE_BREAKPOINT (768px) opened by the header's toggle.
 */
export function ShellSidebar({ items, pathname, config }: ShellSidebarProps) {
  const theme = useShellStore((s) => s.theme);
  const collapsed = useShellStore((s) => s.collapsed);
  const setCollapsed = useShellStore((s) => s.setCollapsed);
  const drawerOpen = useShellStore((s) => s.drawerOpen);
  const setDrawerOpen = useShellStore((s) => s.setDrawerOpen);
  const sidebarItems = React.useMemo(() => toSidebarItems(items), [items]);
  return (
    <Sidebar
      items={sidebarItems}
      activePath={pathname}
      theme={theme}
      collapsed={collapsed}
      onCollapsedChange={setCollapsed}
      mobileOpen={drawerOpen}
      onMobileOpenChange={setDrawerOpen}
      // The header holds the one 折叠菜单 / 展开菜单 toggle.
      showCollapseToggle={false}
      copy={{ label: shellCopy.mainNav }}
      renderLink={({ item: _item, active: _active, href, ...props }) => <PathLink to={href} {...props} />}
      header={(state) => <Brand config={config} state={state} />}
      footer={(state) => <ThemeSwitch state={state} />}
    />
  );
}
