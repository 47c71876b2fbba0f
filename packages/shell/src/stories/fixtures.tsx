import {
  type Banner,
  type CompanyConfig,
  type CurrentUser,
  EMBEDDED_COMPANY_CONFIG_ID,
  type LoginBody,
  PERMISSIONS,
  type SendCodeBody,
} from '@consign/api-client';
import { House, Package, Settings, ShoppingCart, Store, Users } from 'lucide-react';
import type { MenuItem } from '../menu/filter-menu';
import type { ShellApi, ShellPath } from '../session/shell-api';

/** Fixtures for stories and browser tests: the shell's inputs, not its subject. */

export const adminUser: CurrentUser = {
  id: 1,
  mobile: '13800000000',
  nickname: '管理员',
  avatar_image: '',
  is_manage: true,
  created_at: 1_767_225_600,
  account_role: 'owner',
  permissions: [...PERMISSIONS],
};

export const normalUser: CurrentUser = {
  id: 2,
  mobile: '13900000000',
  nickname: '',
  avatar_image: '',
  is_manage: false,
  created_at: 1_767_225_600,
  account_role: 'member',
  permissions: PERMISSIONS.filter((permission) => permission !== 'team:manage'),
};

/** A member whose role lacks `order:view` (and `team:manage`): no 代发订单 in the menu. */
export const memberWithoutOrders: CurrentUser = {
  ...normalUser,
  id: 3,
  mobile: '13700000000',
  permissions: PERMISSIONS.filter(
    (permission) => permission !== 'order:view' && permission !== 'team:manage',
  ),
};

// An SVG avatar, so stories need no network.
const AVATAR =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#3b82f6"/><circle cx="32" cy="26" r="12" fill="#fff"/><rect x="12" y="42" width="40" height="22" rx="11" fill="#fff"/></svg>',
  );

export const userWithAvatar: CurrentUser = { ...adminUser, avatar_image: AVATAR };

/** A banner picture drawn in SVG (no network in stories). */
export function bannerImage(label: string, color: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="${color}"/><text x="400" y="260" font-size="48" text-anchor="middle" fill="#fff" font-family="sans-serif">${label}</text></svg>`,
  )}`;
}

export const banners: Banner[] = [
  {
    id: 1,
    name: '新手指引',
    ad_url: '/dashboard/guide',
    ad_login_image_url: bannerImage('1', '#2563eb'),
    begin_time: null,
    end_time: null,
    version: 1,
  },
  {
    id: 2,
    name: '代发订单',
    ad_url: '',
    ad_login_image_url: bannerImage('2', '#16a34a'),
    begin_time: 0,
    end_time: 0,
    version: 1,
  },
  {
    id: 3,
    name: '店铺管理',
    ad_url: '',
    ad_login_image_url: bannerImage('3', '#9333ea'),
    begin_time: null,
    end_time: null,
    version: 1,
  },
];

/** Banners whose windows make them invisible now: ended, and not begun. */
export const inactiveBanners: Banner[] = [
  {
    id: 10,
    name: '已结束',
    ad_url: '',
    ad_login_image_url: bannerImage('ended', '#444'),
    begin_time: 1_600_000_000,
    end_time: 1_600_000_100,
    version: 1,
  },
  {
    id: 11,
    name: '未开始',
    ad_url: '',
    ad_login_image_url: bannerImage('later', '#444'),
    begin_time: 4_000_000_000,
    end_time: 4_000_000_100,
    version: 1,
  },
];

export const companyConfig: CompanyConfig = {
  logo_url: '',
  short_name: '寄售宝',
  en_name: 'Consign',
  name: '寄售宝科技有限公司',
  foot_copyright: 'Copyright © 2026 寄售宝科技有限公司',
  foot_info: '沪ICP备00000000号',
  ad_list: [...banners, ...inactiveBanners],
};

export const menu: MenuItem[] = [
  {
    title: '菜单导航',
    path: '/dashboard',
    icon: House,
    children: [
      { title: '菜单导航', path: '/dashboard/index' },
      { title: '新手指引', path: '/dashboard/guide' },
    ],
  },
  {
    title: '订单管理',
    path: '/order',
    icon: ShoppingCart,
    children: [
      { title: '代发订单', path: '/order/index', permission: 'order:view' },
      { title: '售后订单', path: '/order/after-sale', permission: 'aftersale:process' },
    ],
  },
  {
    title: '店铺管理',
    path: '/shop',
    icon: Store,
    children: [
      { title: '店铺设置', path: '/shop/setting', permission: 'shop:manage' },
      { title: '店铺分组', path: '/shop/setting/group', permission: 'shop:manage' },
      { title: '商品管理', path: '/shop/goods', permission: 'goods:manage' },
    ],
  },
  { title: '用户管理', path: '/user', icon: Users, children: [{ title: '买家管理', path: '/user/buyer' }] },
  {
    title: '系统设置',
    path: '/system',
    icon: Settings,
    children: [
      { title: '全局设置', path: '/system/global', authority: 'admin' },
      { title: '代发设置', path: '/system/setting', permission: 'setting:manage' },
    ],
  },
  { title: '平台精选', path: '/shop/help', icon: Package },
];

export interface FakeApiOptions {
  user?: CurrentUser;
  config?: CompanyConfig;
  /** Milliseconds every call waits; `Infinity` never answers (loading states). */
  delay?: number;
  userFails?: boolean;
  sendCodeFails?: boolean;
  loginFails?: boolean;
  /** The login signed the mobile up as the owner of a new seller account. */
  newAccount?: boolean;
  token?: string;
}

export interface FakeApiCalls {
  sendCode: SendCodeBody[];
  login: LoginBody[];
  logout: number;
  userInfo: number;
  config: number;
}

/** A stand-in for the api-client with recorded calls. */
export function createFakeApi(options: FakeApiOptions = {}): ShellApi & { calls: FakeApiCalls } {
  const { user = adminUser, config = companyConfig, delay = 0, token = 'test-token' } = options;
  const calls: FakeApiCalls = { sendCode: [], login: [], logout: 0, userInfo: 0, config: 0 };
  const answer = <T,>(value: () => T): Promise<T> =>
    new Promise((resolve, reject) => {
      if (delay === Number.POSITIVE_INFINITY) return;
      setTimeout(() => {
        try {
          resolve(value());
        } catch (error) {
          reject(error);
        }
      }, delay);
    });
  const apiError = (message: string) => Object.assign(new Error(message), { name: 'ApiError' });
  return {
    calls,
    // One switch over the shell's paths; the answers are the contract's shapes.
    call: ((path: ShellPath, body?: unknown): Promise<unknown> => {
      switch (path) {
        case '/api/default/send-code':
          calls.sendCode.push(body as SendCodeBody);
          return answer(() => {
            if (options.sendCodeFails) throw apiError('发送过于频繁');
            return null;
          });
        case '/api/default/login':
          calls.login.push(body as LoginBody);
          return answer(() => {
            if (options.loginFails) throw apiError('验证码错误');
            return options.newAccount
              ? { access_token: token, is_new_account: true }
              : { access_token: token };
          });
        case '/api/default/logout':
          calls.logout += 1;
          return answer(() => null);
        case '/api/user/info':
          calls.userInfo += 1;
          return answer(() => {
            if (options.userFails) throw apiError('api error');
            return user;
          });
        default:
          calls.config += 1;
          return answer(() => config);
      }
    }) as ShellApi['call'],
  };
}

/** Puts `text` in the page as the server's embedded company config (`EMBEDDED_COMPANY_CONFIG_ID`). */
export function embedCompanyConfig(text: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = EMBEDDED_COMPANY_CONFIG_ID;
  element.textContent = text;
  document.head.append(element);
}
