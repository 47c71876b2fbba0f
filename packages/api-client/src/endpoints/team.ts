import type { CallFn, CallOptions } from '../client.js';
import type {
  MemberDelBody,
  MemberListParams,
  MemberSaveBody,
  MemberStatusBody,
  RoleDelBody,
  RoleListParams,
  RoleSaveBody,
  SellerListParams,
  SellerStatusBody,
} from '../contract/team.js';

/** `api.team`: the roles (权限管理) and members (子账号) of the caller's seller account. */
export function teamEndpoints(call: CallFn) {
  return {
    /** A page of roles (`/api/team/role-index`). */
    roleIndex: (params: RoleListParams, options?: CallOptions) =>
      call('/api/team/role-index', params, options),
    /** Creates (no `id`) or updates a role at the `version` read (`/api/team/role-save`). */
    roleSave: (body: RoleSaveBody, options?: CallOptions) => call('/api/team/role-save', body, options),
    /** Deletes a role no member holds (`/api/team/role-del`). */
    roleDel: (body: RoleDelBody, options?: CallOptions) => call('/api/team/role-del', body, options),
    /** A page of the account's users, owner first (`/api/team/member-index`). */
    memberIndex: (params: MemberListParams, options?: CallOptions) =>
      call('/api/team/member-index', params, options),
    /** Adds a member by mobile (no `id`), or changes a member's name and role at the `version` read (`/api/team/member-save`). */
    memberSave: (body: MemberSaveBody, options?: CallOptions) => call('/api/team/member-save', body, options),
    /** Disables or enables a member at the `version` read (`/api/team/member-status`). */
    memberStatus: (body: MemberStatusBody, options?: CallOptions) =>
      call('/api/team/member-status', body, options),
    /** Removes a member (`/api/team/member-del`). */
    memberDel: (body: MemberDelBody, options?: CallOptions) => call('/api/team/member-del', body, options),
  };
}

/** `api.seller`: every seller account of the platform (operators only). */
export function sellerEndpoints(call: CallFn) {
  return {
    /** A page of seller accounts (`/api/seller/index`). */
    index: (params: SellerListParams, options?: CallOptions) => call('/api/seller/index', params, options),
    /** Disables or enables an account (`/api/seller/status`). */
    status: (body: SellerStatusBody, options?: CallOptions) => call('/api/seller/status', body, options),
  };
}
