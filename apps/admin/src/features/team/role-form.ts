import type { Permission, RoleSaveBody, TeamRole } from '@consign/api-client';
import type { FormErrors } from '../../lib/use-form-state';
import { TEAM_COPY } from './copy';

/** The role dialog as typed. */
export interface RoleFormValues {
  name: string;
  permissions: Permission[];
}

export function roleToForm(role: TeamRole | null): RoleFormValues {
  return { name: role?.name ?? '', permissions: role ? [...role.permissions] : [] };
}

/** The contract's rules (`roleSaveBodySchema`): a name of 1-32 characters; we also ask for one permission. */
export function validateRole(values: RoleFormValues): FormErrors<RoleFormValues> {
  const errors: FormErrors<RoleFormValues> = {};
  const length = [...values.name.trim()].length;
  if (length < 1 || length > 32) errors.name = TEAM_COPY.roles.nameRequired;
  if (values.permissions.length === 0) errors.permissions = TEAM_COPY.roles.pickOne;
  return errors;
}

/** The body of role-save: an edit names the role and the `version` it was read at (else 409). */
export function formToRole(
  role: Pick<TeamRole, 'id' | 'version'> | null,
  values: RoleFormValues,
): RoleSaveBody {
  return {
    ...(role ? { id: role.id, version: role.version } : {}),
    name: values.name.trim(),
    permissions: values.permissions,
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
