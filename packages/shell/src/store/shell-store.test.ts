import { afterEach, describe, expect, it } from 'vitest';
import {
  createShellStore,
  getShellStore,
  type KeyValueStorage,
  SIDE_MENU_COLLAPSED_KEY,
  SIDE_MENU_THEME_KEY,
} from './shell-store';

function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('shell store', () => {
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it('starts light and expanded with an empty storage', () => {
    const state = createShellStore(memoryStorage()).getState();
    expect(state).toMatchObject({ theme: 'light', collapsed: false, hasDeviceAPI: false, drawerOpen: false });
  });

  it('restores the remembered theme and collapse', () => {
    const store = createShellStore(
      memoryStorage({ [SIDE_MENU_THEME_KEY]: 'dark', [SIDE_MENU_COLLAPSED_KEY]: 'true' }),
    );
    expect(store.getState()).toMatchObject({ theme: 'dark', collapsed: true });
  });

  it('ignores unknown stored values', () => {
    const store = createShellStore(
      memoryStorage({ [SIDE_MENU_THEME_KEY]: 'purple', [SIDE_MENU_COLLAPSED_KEY]: '1' }),
    );
    expect(store.getState()).toMatchObject({ theme: 'light', collapsed: false });
  });

  it('remembers the theme under sideMenuTheme', () => {
    const storage = memoryStorage();
    const store = createShellStore(storage);
    store.getState().setTheme('dark');
    expect(store.getState().theme).toBe('dark');
    expect(storage.data.get('sideMenuTheme')).toBe('dark');
    store.getState().setTheme('light');
    expect(storage.data.get('sideMenuTheme')).toBe('light');
  });

  it('toggles and remembers the collapse', () => {
    const storage = memoryStorage();
    const store = createShellStore(storage);
    store.getState().toggleCollapsed();
    expect(store.getState().collapsed).toBe(true);
    expect(storage.data.get('sideMenuCollapsed')).toBe('true');
    store.getState().toggleCollapsed();
    expect(store.getState().collapsed).toBe(false);
  });

  it('keeps working when the storage throws', () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {},
    };
    const store = createShellStore(broken);
    store.getState().setTheme('dark');
    expect(store.getState().theme).toBe('dark');
  });

  it('detects the device bridge on window.deviceAPI', () => {
    const store = createShellStore(memoryStorage());
    expect(store.getState().hasDeviceAPI).toBe(false);
    (globalThis as { window?: unknown }).window = { deviceAPI: {} };
    store.getState().detectDeviceAPI();
    expect(store.getState().hasDeviceAPI).toBe(true);
  });

  it('creates the default store without a window (SSR, Node)', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    expect(getShellStore().getState().theme).toBe('light');
  });
});
