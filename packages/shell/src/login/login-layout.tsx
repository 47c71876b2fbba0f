import { type Banner, type CompanyConfig, isBannerActive } from '@consign/api-client';
import { cn, IconButton, useIsMobile as useIsNarrow } from '@consign/ui';
import * as React from 'react';
import { ShellFooter } from '../layout/shell-footer';
import { useDocumentTitle } from '../title/document-title';
import type { CaptchaProvider } from './captcha/captcha-provider';
import { loginCopy } from './login-copy';
import { LoginForm } from './login-form';
import { LoginQrPanel } from './login-qr-panel';
import { QrCodeIcon } from './qr-code-icon';

// The carousel (embla, ~7 KB gzip) loads beside the first render: its panel keeps its size meanwhile,
// so nothing moves when it arrives. Small screens hide the panel: there it does not load at all.
const LoginBanners = React.lazy(() => import('./login-banners').then((m) => ({ default: m.LoginBanners })));

const FOOTER_PLACEHOLDER = { foot_copyright: '\u00a0', foot_info: '\u00a0' };

/** The banners that show now: no begin/end time, or now strictly between them (docs/product.md#states-and-transitions). */
export function activeBanners(banners: readonly Banner[] | undefined, nowMs = Date.now()): Banner[] {
  const now = Math.floor(nowMs / 1000);
  return (banners ?? []).filter((banner) => isBannerActive(banner, now));
}

export type LoginScreenProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** Where to go after logging in; default: the `redirect` search parameter (sanitised), else `/`. */
  redirect?: string;
  /** Where a login that signed up a new seller account goes when no redirect was given (LoginForm). */
  newAccountRedirect?: string;
  /** The captcha before an SMS code is sent; default: the ShellProvider's. */
  captcha?: CaptchaProvider;
  /** Clock for the banner windows (tests, stories); default `Date.now`. */
  now?: () => number;
  /** Let the banners move on their own (default true; stories turn it off). */
  autoplay?: boolean;
};

export type LoginLayoutProps = LoginScreenProps & {
  /** The public company config, once known (the cached copy first). */
  config: CompanyConfig | undefined;
  /** True while there is no config yet and it is on its way: blank branding of the final size. */
  pending: boolean;
};

/**
 * The login page without its data source: active banners on the left, the SMS form on the right, the
 * company footer below. `LoginScreen` feeds it the config.
 */
export function LoginLayout({
  config,
  pending,
  redirect,
  newAccountRedirect,
  captcha,
  now = Date.now,
  autoplay,
  className,
  ...props
}: LoginLayoutProps) {
  const banners = activeBanners(config?.ad_list, now());
  // docs/product.md#screens-and-routes: the QR mode exists but the toggle always stays in the form mode.
  const mode = 'form' as 'form' | 'qr';
  const hintId = React.useId();
  const narrow = useIsNarrow();
  useDocumentTitle(loginCopy.title, config?.short_name);

  return (
    <div
      data-slot="login-screen"
      className={cn('flex min-h-screen flex-col bg-background text-foreground', className)}
      {...props}
    >
      <main className="flex flex-1 items-center justify-center p-4 md:p-8">
        <div className="flex w-full max-w-5xl overflow-hidden rounded-xl border border-border bg-card shadow-sm">
          <div data-slot="login-banners" className="hidden min-h-[26rem] flex-1 bg-muted md:block">
            {narrow ? null : (
              <React.Suspense fallback={<div data-slot="login-banners-placeholder" className="h-full" />}>
                <LoginBanners banners={banners} autoplay={autoplay} />
              </React.Suspense>
            )}
          </div>
          <section className="relative flex w-full flex-col gap-6 p-8 md:w-[26rem]">
            {/* A CSS hint rather than a popper tooltip: no floating-ui before the first paint. */}
            <div className="group absolute top-2 right-2">
              <IconButton
                data-slot="login-mode-toggle"
                aria-label={loginCopy.switchToQr}
                aria-describedby={hintId}
                aria-pressed={false}
              >
                <QrCodeIcon className="size-5" />
              </IconButton>
              <span
                id={hintId}
                role="tooltip"
                data-slot="login-mode-hint"
                className="pointer-events-none invisible absolute top-full right-0 z-50 mt-1 rounded-md bg-neutral-900 px-2.5 py-1.5 text-xs whitespace-nowrap text-white opacity-0 shadow-md transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100 dark:bg-neutral-700"
              >
                {loginCopy.qrUnavailable}
              </span>
            </div>
            <header className="flex flex-col items-center gap-2 text-center" aria-busy={pending || undefined}>
              {config?.logo_url ? (
                <img src={config.logo_url} alt="" className="h-10 w-auto" />
              ) : pending ? (
                <div data-slot="login-logo-placeholder" aria-hidden="true" className="h-10" />
              ) : null}
              <h1 className={cn('text-xl font-semibold', pending && 'invisible')}>
                {config?.short_name || loginCopy.welcome}
              </h1>
              {config?.en_name ? (
                <p className="text-xs text-muted-foreground">{config.en_name}</p>
              ) : pending ? (
                <p aria-hidden="true" className="invisible text-xs">
                  {'\u00a0'}
                </p>
              ) : null}
            </header>
            {mode === 'form' ? (
              <LoginForm redirect={redirect} newAccountRedirect={newAccountRedirect} captcha={captcha} />
            ) : (
              <LoginQrPanel />
            )}
          </section>
        </div>
      </main>
      {pending ? (
        <ShellFooter config={FOOTER_PLACEHOLDER} aria-hidden="true" className="invisible" />
      ) : (
        <ShellFooter config={config} />
      )}
    </div>
  );
}
