import type { ApiData, ApiPath, CallArgs } from '@consign/api-client';

/** The paths the shell calls: sign-in, sign-out, the current user and the company config. */
export type ShellPath = Extract<
  ApiPath,
  | '/api/default/send-code'
  | '/api/default/login'
  | '/api/default/logout'
  | '/api/user/info'
  | '/api/default/config'
>;

/**
 * The calls the shell makes. `createApiClient(...)` from `@consign/api-client` satisfies it; another
 * product (or a story) may hand in any object whose `call` answers these paths as the contract says.
 */
export interface ShellApi {
  call<P extends ShellPath>(path: P, ...args: CallArgs<P>): Promise<ApiData<P>>;
}
