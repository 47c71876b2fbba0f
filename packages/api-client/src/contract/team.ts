import * as z from 'zod';
import { mobileSchema } from './auth.js';
import {
  filter,
  idLikeSchema,
  idSchema,
  keywordFilter,
  text,
  unixTimeSchema,
  versionRequiredForUpdate,
  versionSchema,
} from './common.js';
import { listParamsSchema } from './list.js';
import { ACCOUNT_ROLES, PERMISSIONS, USER_STATUSES } from './permissions.js';

/**
 * The team of a seller account (docs/design.md#seller-accounts-permissions-and-the-operation-log): roles (权限管理, `/api/team/role-*`), members
 * (子账号, `/api/team/member-*`), both within the caller's account and needing `team:manage`; and the
 * platform's seller accounts (卖家管理, `/api/seller/*`, operators only).
 */

export const permissionSchema = z.enum(PERMISSIONS);
export const accountRoleSchema = z.enum(ACCOUNT_ROLES);
export const userStatusSchema = z.enum(USER_STATUSES);

/** A set of permissions: each at most once, from the catalogue. */
export const permissionSetSchema = z
  .array(permissionSchema)
  .max(PERMISSIONS.length)
  .refine((list) => new Set(list).size === list.length, 'duplicate permission');

/** A role: a named set of permissions in one account. `member_count`: the members who hold it. */
export const teamRoleSchema = z.object({
  id: idSchema,
  name: text(32, 1),
  permissions: permissionSetSchema,
  member_count: z.int().min(0).max(1_000_000),
  created_at: unixTimeSchema,
  version: versionSchema,
});
export type TeamRole = z.infer<typeof teamRoleSchema>;

/** Body of `/api/team/role-index`. Answers `Page<TeamRole>`, oldest first. */
export const roleListParamsSchema = listParamsSchema.extend({ keyword: keywordFilter });
export type RoleListParams = z.input<typeof roleListParamsSchema>;

/**
 * Body of `/api/team/role-save`: without `id` creates, with `id` and the `version` it read updates
 * (a stale version answers 409). Names are unique per account.
 */
export const roleSaveBodySchema = z
  .object({
    id: idLikeSchema.optional(),
    name: text(32, 1),
    permissions: permissionSetSchema,
    version: versionSchema.optional(),
  })
  .refine(versionRequiredForUpdate.check, versionRequiredForUpdate.params);
export type RoleSaveBody = z.input<typeof roleSaveBodySchema>;

/** Body of `/api/team/role-del`. A role that members still hold is refused. Answers `{ id }`. */
export const roleDelBodySchema = z.object({ id: idLikeSchema });
export type RoleDelBody = z.input<typeof roleDelBodySchema>;

/** At most this many shops in one member's 店铺权限. */
export const MEMBER_SHOPS_MAX = 500;

/**
 * 店铺权限 of a member-save: the shops the member may reach, each once; empty: every shop of the
 * account (docs/design.md#seller-accounts-permissions-and-the-operation-log).
 */
export const memberShopIdsSchema = z
  .array(idLikeSchema)
  .max(MEMBER_SHOPS_MAX, `店铺权限最多选择 ${MEMBER_SHOPS_MAX} 个店铺`)
  .refine((ids) => new Set(ids).size === ids.length, '店铺权限中有重复的店铺');

/**
 * A user of the account (子账号 `/api/team/member-index`): the owner (主账号, every permission, no
 * role) and the members, each with one role. `mobile` is whole: they are the caller's own team.
 * `shop_ids`: the only shops the member reaches (店铺权限, ids by id with their `shop_names`), null
 * for every shop (always for the owner); an empty list when the member's shops no longer exist (they
 * reach none, never all).
 */
export const memberSchema = z.object({
  id: idSchema,
  mobile: z.string().max(32),
  nickname: text(32),
  account_role: accountRoleSchema,
  role_id: idSchema.nullable(),
  role_name: text(32),
  status: userStatusSchema,
  created_at: unixTimeSchema,
  version: versionSchema,
  shop_ids: z.array(idSchema).max(MEMBER_SHOPS_MAX).nullable(),
  shop_names: z.array(text(64)).max(MEMBER_SHOPS_MAX),
});
export type Member = z.infer<typeof memberSchema>;

/** Body of `/api/team/member-index`: keyword (mobile or name), status. Answers `Page<Member>`, owner first. */
export const memberListParamsSchema = listParamsSchema.extend({
  keyword: keywordFilter,
  status: filter(userStatusSchema),
});
export type MemberListParams = z.input<typeof memberListParamsSchema>;

/**
 * Body of `/api/team/member-save`: without `id` adds a member by `mobile` (a mobile of another account
 * is refused); with `id` and the `version` it read changes a member's name and role (the mobile stays;
 * a stale version answers 409). `shop_ids`: their 店铺权限 ({@link memberShopIdsSchema}, shops of the
 * account; empty: every shop); left out, an edit keeps it and an add gives every shop. Answers the
 * `Member`.
 */
export const memberSaveBodySchema = z
  .object({
    id: idLikeSchema.optional(),
    mobile: mobileSchema.optional(),
    nickname: text(32),
    role_id: idLikeSchema,
    version: versionSchema.optional(),
    shop_ids: memberShopIdsSchema.optional(),
  })
  .refine(versionRequiredForUpdate.check, versionRequiredForUpdate.params);
export type MemberSaveBody = z.input<typeof memberSaveBodySchema>;

/**
 * Body of `/api/team/member-status`: disable (their sessions end at once) or enable a member, at the
 * `version` the member was read (a stale one answers 409).
 */
export const memberStatusBodySchema = z.object({
  id: idLikeSchema,
  status: userStatusSchema,
  version: versionSchema,
});
export type MemberStatusBody = z.input<typeof memberStatusBodySchema>;

/** Body of `/api/team/member-del`: removes a member (their sessions end at once). Answers `{ id }`. */
export const memberDelBodySchema = z.object({ id: idLikeSchema });
export type MemberDelBody = z.input<typeof memberDelBodySchema>;

/**
 * A seller account as operators see it (卖家管理 `/api/seller/index`): the owner's mobile masked
 * (`138****0000`), its members (owner included) and orders counted. `is_current`: the account the
 * caller works in, which they cannot disable (the page offers no 停用 there).
 */
export const sellerAccountSchema = z.object({
  id: idSchema,
  name: text(64),
  owner_mobile: z.string().max(32),
  status: userStatusSchema,
  member_count: z.int().min(0).max(1_000_000),
  order_count: z.int().min(0).max(1_000_000_000),
  /** 余额 in fen (operators adjust it with `/api/seller/balance-adjust`). */
  balance: z.int().min(0).max(1_000_000_000_000),
  created_at: unixTimeSchema,
  is_current: z.boolean(),
});
export type SellerAccount = z.infer<typeof sellerAccountSchema>;

/** Body of `/api/seller/index`: keyword (account name or owner mobile), status. Answers `Page<SellerAccount>`. */
export const sellerListParamsSchema = listParamsSchema.extend({
  keyword: keywordFilter,
  status: filter(userStatusSchema),
});
export type SellerListParams = z.input<typeof sellerListParamsSchema>;

/** Body of `/api/seller/status`: disable (every user of it is signed out at once) or enable an account. */
export const sellerStatusBodySchema = z.object({ id: idLikeSchema, status: userStatusSchema });
export type SellerStatusBody = z.input<typeof sellerStatusBodySchema>;
