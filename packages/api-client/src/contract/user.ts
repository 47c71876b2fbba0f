import * as z from 'zod';
import { idSchema, optionalUrlSchema, text, unixTimeSchema, versionSchema } from './common.js';
import { ACCOUNT_ROLES, PERMISSIONS } from './permissions.js';

/**
 * The signed-in user (`/api/user/info`).
 * - `nickname` may be `''`: the header then shows the mobile.
 * - `avatar_image` may be `''`: the header then shows the initial.
 * - `mobile` is the full number of the signed-in user (it is their own).
 * - `is_manage` true makes the role `admin`.
 * - `account_role`: `owner` of the seller account or a `member` of it (docs/design.md#seller-accounts-permissions-and-the-operation-log).
 * - `permissions`: what the user may do in the account (an owner holds every one; a member what their
 *   role holds). The menu and the route guards read it; the server checks it on every call.
 * - `shop_ids`: the only shops the user reaches (子账号 店铺权限); null (or absent) for every shop.
 */
export const currentUserSchema = z.object({
  id: idSchema,
  mobile: z.string().max(32),
  nickname: text(32),
  avatar_image: optionalUrlSchema,
  is_manage: z.boolean(),
  created_at: unixTimeSchema,
  account_role: z.enum(ACCOUNT_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length),
  shop_ids: z.array(idSchema).max(500).nullable().optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * Body of `/api/user/info`. docs/product.md names an optional `data` field without saying what it holds;
 * we accept a small flat object of scalars (e.g. `{ scene: 'shell' }`) and ignore it.
 */
export const userInfoBodySchema = z.object({
  data: z
    .record(z.string().max(64), z.union([z.string().max(256), z.number(), z.boolean(), z.null()]))
    .refine((value) => Object.keys(value).length <= 20, 'too many keys')
    .optional(),
});
export type UserInfoBody = z.input<typeof userInfoBodySchema>;

/**
 * 用户中心 (`/api/user/profile`): what the signed-in user may change there, with the versions read. The
 * nickname is the user's own; the account's name (卖家管理 shows it) only its owner changes.
 */
export const userProfileSchema = z.object({
  nickname: text(32),
  version: versionSchema,
  account_name: text(64),
  account_version: versionSchema,
  account_role: z.enum(ACCOUNT_ROLES),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** Body of `/api/user/profile-save`: the nickname (empty: the header shows the mobile), at the version read. */
export const profileSaveBodySchema = z.object({ nickname: text(32), version: versionSchema });
export type ProfileSaveBody = z.input<typeof profileSaveBodySchema>;

/** Body of `/api/user/account-save` (the owner only): the account's name, at the version read. */
export const accountNameSaveBodySchema = z.object({ name: text(64, 1), version: versionSchema });
export type AccountNameSaveBody = z.input<typeof accountNameSaveBodySchema>;
