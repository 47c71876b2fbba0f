import { hasPermission, type Permission } from '@consign/api-client';
import { currentUserQuery } from '@consign/api-client/query';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../lib/use-api';

/** Whether the signed-in user holds a permission (the buttons of a step show only then). */
export function useCan(permission: Permission): boolean {
  return hasPermission(useQuery(currentUserQuery(useApi())).data, permission);
}
