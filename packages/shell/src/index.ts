export { loginCopy, shellCopy } from './copy';
export { AppShell, type AppShellProps } from './layout/app-shell';
export { AuthenticatedShell, type AuthenticatedShellProps } from './layout/authenticated-shell';
export {
  ContentErrorBoundary,
  type ContentErrorBoundaryProps,
  ContentErrorPanel,
} from './layout/content-error-boundary';
export {
  NotificationBell,
  type ShellNotification,
  type ShellNotifications,
} from './layout/notification-bell';
export { ShellBreadcrumb } from './layout/shell-breadcrumb';
export { ShellFooter, type ShellFooterProps } from './layout/shell-footer';
export { ShellHeader, type ShellHeaderProps } from './layout/shell-header';
export { ShellSidebar, type ShellSidebarProps, toSidebarItems } from './layout/shell-sidebar';
export { displayNameOf, UserMenu, type UserMenuProps } from './layout/user-menu';
export { PathLink, type PathLinkProps } from './lib/router-link';
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
export { LoginForm, type LoginFormProps } from './login/login-form';
export { LoginLayout, type LoginLayoutProps } from './login/login-layout';
export { LoginQrPanel, type LoginQrPanelProps, QR_CODE_SIZE } from './login/login-qr-panel';
export {
  codeError,
  mobileError,
  REDIRECT_DELAY_MS,
  SMS_CODE_MAX_LENGTH,
  SMS_COUNTDOWN_SECONDS,
} from './login/login-rules';
export { activeBanners, LoginScreen, type LoginScreenProps } from './login/login-screen';
export {
  resetSmsCountdown,
  SMS_DEADLINE_KEY,
  startSmsCountdown,
  useSmsCountdown,
} from './login/use-sms-countdown';
export { findActivePath, findMenuTrail, pathMatches } from './menu/active-path';
export { filterMenuByRole, type MenuIconComponent, type MenuItem, type Role } from './menu/filter-menu';
export { MenuIcon } from './menu/menu-icon';
export {
  COMPANY_CONFIG_KEY,
  initialCompanyConfig,
  readCachedCompanyConfig,
  writeCachedCompanyConfig,
} from './session/company-config-cache';
export { MAX_REDIRECT_LENGTH, safeRedirect } from './session/safe-redirect';
export { SessionGate, type SessionGateProps } from './session/session-gate';
export type { ShellApi, ShellPath } from './session/shell-api';
export {
  defaultShellQueries,
  type ShellContextValue,
  ShellProvider,
  type ShellProviderProps,
  type ShellQueries,
  type ShellQuery,
  useShell,
} from './session/shell-provider';
export { ACCESS_TOKEN_KEY, tokenStorage } from './session/token-storage';
export { useLogout } from './session/use-logout';
export {
  useCompanyConfig,
  useCompanyConfigQuery,
  useCurrentUser,
  useCurrentUserQuery,
  useRole,
} from './session/use-session';
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
export {
  DocumentTitle,
  type DocumentTitleProps,
  type ShellStaticData,
  useDocumentTitle,
  useRouteTitle,
} from './title/use-document-title';
