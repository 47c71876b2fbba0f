import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';

export type MenuTheme = 'light' | 'dark';

/** localStorage keys the shell owns. */
export const SIDE_MENU_THEME_KEY = 'sideMenuTheme';
export const SIDE_MENU_COLLAPSED_KEY = 'sideMenuCollapsed';

export interface ShellState {
  /** Sidebar theme, remembered under localStorage `sideMenuTheme`. */
  theme: MenuTheme;
  /** Sidebar collapsed to its 60px rail, remembered under localStorage `sideMenuCollapsed`. */
  collapsed: boolean;
  /** True when the desktop wrapper injected a `window.deviceAPI` bridge. */
  hasDeviceAPI: boolean;
  /** Narrow windows only: the sidebar drawer is open. Not remembered. */
  drawerOpen: boolean;
  setTheme(theme: MenuTheme): void;
  setCollapsed(collapsed: boolean): void;
  toggleCollapsed(): void;
  setDrawerOpen(open: boolean): void;
  /** Reads `window.deviceAPI` again (the shell calls it once the current user has loaded). */
  detectDeviceAPI(): void;
}

/** The part of `Storage` the store needs; injectable for tests. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** `window.localStorage` when there is one and it works (private mode may throw), else null. */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

function read(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: KeyValueStorage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Quota or private mode: the preference just is not remembered.
  }
}

export function hasDeviceBridge(): boolean {
  return typeof window !== 'undefined' && (window as { deviceAPI?: unknown }).deviceAPI != null;
}

/**
 * A shell UI store. Nothing touches `window` at import time: the default store reads its storage when
 * first created, and a missing window (SSR, Node tests) just means the defaults.
 */
export function createShellStore(storage: KeyValueStorage | null = browserStorage()): StoreApi<ShellState> {
  const theme: MenuTheme = read(storage, SIDE_MENU_THEME_KEY) === 'dark' ? 'dark' : 'light';
  const collapsed = read(storage, SIDE_MENU_COLLAPSED_KEY) === 'true';
  return createStore<ShellState>()((set, get) => ({
    theme,
    collapsed,
    hasDeviceAPI: hasDeviceBridge(),
    drawerOpen: false,
    setTheme(next) {
      write(storage, SIDE_MENU_THEME_KEY, next);
      set({ theme: next });
    },
    setCollapsed(next) {
      write(storage, SIDE_MENU_COLLAPSED_KEY, String(next));
      set({ collapsed: next });
    },
    toggleCollapsed() {
      get().setCollapsed(!get().collapsed);
    },
    setDrawerOpen(open) {
      set({ drawerOpen: open });
    },
    detectDeviceAPI() {
      set({ hasDeviceAPI: hasDeviceBridge() });
    },
  }));
}

let defaultStore: StoreApi<ShellState> | undefined;

/** The app-wide shell store, created on first use. */
export function getShellStore(): StoreApi<ShellState> {
  defaultStore ??= createShellStore();
  return defaultStore;
}

/**
 * Subscribe to one slice of the shell UI state; the component re-renders only when that slice changes.
 *
 * ```tsx
 * const collapsed = useShellStore((s) => s.collapsed);
 * ```
 */
export function useShellStore<T>(selector: (state: ShellState) => T): T {
  return useStore(getShellStore(), selector);
}
