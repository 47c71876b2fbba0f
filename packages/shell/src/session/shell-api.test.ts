import type { ApiClient, CurrentUser } from '@consign/api-client';
import type { currentUserQuery } from '@consign/api-client/query';
import { expectTypeOf, it } from 'vitest';
import type { ShellApi } from './shell-api';
import type { ShellQuery } from './shell-provider';

// Type-level contract (checked by `tsc`): the real client and its query factories fit the shell's inputs.
it('accepts the api-client and its query factories', () => {
  expectTypeOf<ApiClient>().toExtend<ShellApi>();
  expectTypeOf<ReturnType<typeof currentUserQuery>>().toExtend<ShellQuery<CurrentUser>>();
});
