// The permission catalogue (docs/design.md#seller-accounts-permissions-and-the-operation-log): what a member's role may hold. The contract's route
// table (`apiRoutes`, routes.ts) names the permission each call needs; the server answers 403 without
// it, the admin app's route guards and menu read the same names. No zod here: the shell and the app's
// first chunk import it.

/** Every permission, in the order the 权限管理 form shows them. */
export const PERMISSIONS = [
  'order:view',
  'order:process',
  'order:decrypt',
  'aftersale:process',
  'shop:manage',
  'goods:manage',
  'copy:run',
  'setting:manage',
  'team:manage',
  'log:view',
  'finance:view',
  'finance:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The Chinese label of each permission (the 权限管理 checkboxes). */
export const PERMISSION_LABELS: Readonly<Record<Permission, string>> = {
  'order:view': '查看代发订单',
  'order:process': '处理代发订单',
  // Decrypts a platform order's receiver through the platform (its quota), logged in 操作日志.
  'order:decrypt': '查看完整收货信息',
  'aftersale:process': '处理售后订单',
  'shop:manage': '管理店铺与分组',
  'goods:manage': '管理商品',
  'copy:run': '商品复制',
  'setting:manage': '代发设置',
  'team:manage': '子账号与权限管理',
  'log:view': '查看操作日志',
  // Money (finance-rules.ts): the balance and its ledger, cost and profit, 利润报表, money columns.
  'finance:view': '查看余额与利润',
  // 充值, 余额预警 and the fee settings (平台扣点).
  'finance:manage': '充值与财务设置',
};

/** The permissions grouped as the menu groups them (the 权限管理 form shows one fieldset per group). */
export const PERMISSION_GROUPS: readonly { title: string; permissions: readonly Permission[] }[] = [
  { title: '订单管理', permissions: ['order:view', 'order:process', 'order:decrypt', 'aftersale:process'] },
  { title: '店铺管理', permissions: ['shop:manage', 'goods:manage', 'copy:run'] },
  { title: '用户管理', permissions: ['team:manage'] },
  { title: '系统设置', permissions: ['setting:manage', 'log:view'] },
  { title: '财务', permissions: ['finance:view', 'finance:manage'] },
];

/** A user's place in their seller account: its owner (主账号, every permission) or a member (子账号). */
export const ACCOUNT_ROLES = ['owner', 'member'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/** Active users sign in; disabled ones cannot, and their sessions end at once. */
export const USER_STATUSES = ['active', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

/**
 * Whether a user holds a permission: `permissions` is what `/api/user/info` answers (an owner gets
 * every one). No user (not loaded, or its call failed) holds none.
 */
export function hasPermission(
  user: { permissions?: readonly string[] | null } | null | undefined,
  permission: Permission,
): boolean {
  return user?.permissions?.includes(permission) === true;
}

/**
 * Whether `user` may hand out `permissions`: create or edit a role holding them, or put a member on
 * (or take one off) such a role. Only permissions they hold themselves, so managing the team never
 * raises anyone above the manager; the owner holds every one. The server enforces it
 * (apps/api-server `team-rules.ts`); the 权限管理 and 子账号 pages offer only what passes.
 */
export function mayGrant(
  user: { permissions?: readonly string[] | null } | null | undefined,
  permissions: readonly string[],
): boolean {
  return permissions.every((p) => user?.permissions?.includes(p) === true);
}

/**
 * Whether an actor reaching `own` shops (null: every shop) may give or change 店铺权限 `shopIds` (null
 * or empty: every shop): an actor reaching every shop may; one limited to some shops only a non-empty
 * set within theirs. The server enforces it (apps/api-server `team-rules.ts`); 子账号 offers only what passes.
 */
export function mayReachShops(
  own: readonly number[] | null | undefined,
  shopIds: readonly number[] | null | undefined,
): boolean {
  if (!own) return true;
  return !!shopIds && shopIds.length > 0 && shopIds.every((id) => own.includes(id));
}
