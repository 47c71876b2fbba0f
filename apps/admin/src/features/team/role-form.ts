import type { Permission, TeamRole } from '@consign/api-client';
import { roleSaveBodySchema } from '@consign/api-client/contract';
import type * as z from 'zod';
import type { FieldMessages } from '../../common/form';
import { TEAM_TEXT } from './texts';

/**
 * The role dialog: the contract's save body (a name of 1-32 characters, each permission once), with
 * the role's `id` and `version` among the default values. The form also asks for one permission: a
 * role without any gives nothing.
 */
export const roleForm = roleSaveBodySchema.refine((role) => role.permissions.length > 0, {
  message: TEAM_TEXT.roles.pickOne,
  path: ['permissions'],
});
export const roleMessages: FieldMessages<z.input<typeof roleForm>> = { name: TEAM_TEXT.roles.nameRequired };

export function roleValues(role: TeamRole | null): z.input<typeof roleForm> {
  return {
    ...(role ? { id: role.id, version: role.version } : {}),
    name: role?.name ?? '',
    permissions: role ? [...role.permissions] : [],
  };
}

/** The permissions with one added or removed, in catalogue order (`order`). */
export function togglePermission(
  current: readonly Permission[],
  permission: Permission,
  on: boolean,
  order: readonly Permission[],
): Permission[] {
  const next = new Set(current);
  if (on) next.add(permission);
  else next.delete(permission);
  return order.filter((p) => next.has(p));
}
