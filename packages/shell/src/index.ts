export { loginCopy, shellCopy } from './copy';
export {
  CaptchaCancelledError,
  type CaptchaProvider,
  type CaptchaResult,
  devCaptcha,
} from './login/captcha/captcha-provider';
export {
  captchaFromAppId,
  createTencentCaptcha,
  loadScript,
  TENCENT_CAPTCHA_SCRIPT_URL,
  type TencentCaptchaOptions,
} from './login/captcha/tencent-captcha';
export { codeError, mobileError, REDIRECT_DELAY_MS, SMS_COUNTDOWN_SECONDS } from './login/login-rules';
export { resetSmsCountdown, startSmsCountdown, useSmsCountdown } from './login/use-sms-countdown';
export { findActivePath, findMenuTrail, pathMatches } from './menu/active-path';
export { filterMenuByRole, type MenuItem, type Role } from './menu/filter-menu';
export {
  COMPANY_CONFIG_KEY,
  readCachedCompanyConfig,
  writeCachedCompanyConfig,
} from './session/company-config-cache';
export { safeRedirect } from './session/safe-redirect';
export { ACCESS_TOKEN_KEY, tokenStorage } from './session/token-storage';
export {
  createShellStore,
  getShellStore,
  type MenuTheme,
  type ShellState,
  SIDE_MENU_COLLAPSED_KEY,
  SIDE_MENU_THEME_KEY,
  useShellStore,
} from './store/shell-store';
export {
  breadcrumbTrail,
  deepestTitle,
  formatDocumentTitle,
  type TitledMatch,
  titledMatches,
} from './title/titles';
