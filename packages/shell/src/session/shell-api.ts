import type { CompanyConfig, CurrentUser, LoginBody, LoginResult, SendCodeBody } from '@consign/api-client';

/** Per-call options the shell passes (a subset of the api-client's `CallOptions`). */
export interface ShellCallOptions {
  silent?: boolean;
  signal?: AbortSignal;
}

/**
 * The calls the shell makes. `createApiClient(...)` from `@consign/api-client` satisfies it; another
 * product (or a story) may hand in any object of this shape.
 */
export interface ShellApi {
  auth: {
    sendCode(body: SendCodeBody, options?: ShellCallOptions): Promise<unknown>;
    login(body: LoginBody, options?: ShellCallOptions): Promise<LoginResult>;
    logout(options?: ShellCallOptions): Promise<unknown>;
  };
  user: {
    info(body?: Record<string, never>, options?: ShellCallOptions): Promise<CurrentUser>;
  };
  config: {
    get(options?: ShellCallOptions): Promise<CompanyConfig>;
  };
}
