import type { CallFn, CallOptions } from '../client.js';
import type { LoginBody, SendCodeBody } from '../contract/auth.js';
import type { AccountNameSaveBody, ProfileSaveBody, UserInfoBody } from '../contract/user.js';

/** `api.auth`: the public SMS login calls. */
export function authEndpoints(call: CallFn) {
  return {
    /** Sends a login code by SMS (`/api/default/send-code`); the captcha's `ticket`/`randstr` are required. */
    sendCode: (body: SendCodeBody, options?: CallOptions) => call('/api/default/send-code', body, options),
    /** Exchanges mobile + code for an access token (`/api/default/login`). */
    login: (body: LoginBody, options?: CallOptions) => call('/api/default/login', body, options),
    /** Ends the session on the server (`/api/default/logout`); the app then drops its token. */
    logout: (options?: CallOptions) => call('/api/default/logout', {}, options),
  };
}

/** `api.user`: the signed-in user. */
export function userEndpoints(call: CallFn) {
  return {
    /** The current user (`/api/user/info`); `roleOf(user)` gives the role. */
    info: (body: UserInfoBody = {}, options?: CallOptions) => call('/api/user/info', body, options),
    /** 用户中心: the nickname and the account's name with their versions (`/api/user/profile`). */
    profile: (options?: CallOptions) => call('/api/user/profile', {}, options),
    /** Sets the user's own nickname (`/api/user/profile-save`); a stale `version` is 409. */
    profileSave: (body: ProfileSaveBody, options?: CallOptions) =>
      call('/api/user/profile-save', body, options),
    /** Sets the account's name, owner only (`/api/user/account-save`); a stale `version` is 409. */
    accountSave: (body: AccountNameSaveBody, options?: CallOptions) =>
      call('/api/user/account-save', body, options),
  };
}

/** `api.config`: the public branding. */
export function configEndpoints(call: CallFn) {
  return {
    /** The company config: logo, names, footer and login banners (`/api/default/config`, public). */
    get: (options?: CallOptions) => call('/api/default/config', {}, options),
  };
}
