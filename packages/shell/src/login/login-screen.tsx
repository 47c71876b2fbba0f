import { type Banner, isBannerActive } from '@consign/api-client';
import { cn, IconButton, Tooltip, TooltipContent, TooltipTrigger } from '@consign/ui';
import { QrCode } from 'lucide-react';
import type * as React from 'react';
import { loginCopy } from '../copy';
import { ShellFooter } from '../layout/shell-footer';
import { useCompanyConfigQuery } from '../session/use-session';
import { DocumentTitle } from '../title/use-document-title';
import type { CaptchaProvider } from './captcha/captcha-provider';
import { LoginBanners } from './login-banners';
import { LoginForm } from './login-form';
import { LoginQrPanel } from './login-qr-panel';

/** The banners that show now: no begin/end time, or now strictly between them (SPEC.md section 4). */
export function activeBanners(banners: readonly Banner[] | undefined, nowMs = Date.now()): Banner[] {
  const now = Math.floor(nowMs / 1000);
  return (banners ?? []).filter((banner) => isBannerActive(banner, now));
}

export type LoginScreenProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** Where to go after logging in; default: the `redirect` search parameter (sanitised), else `/`. */
  redirect?: string;
  /** The captcha before an SMS code is sent; default: the ShellProvider's. */
  captcha?: CaptchaProvider;
  /** Clock for the banner windows (tests, stories); default `Date.now`. */
  now?: () => number;
  /** Let the banners move on their own (default true; stories turn it off). */
  autoplay?: boolean;
};

/**
 * The login page: active banners on the left, the SMS form on the right, the company footer below.
 * It loads the public company config itself, painting first from the cached copy.
 */
export function LoginScreen({
  redirect,
  captcha,
  now = Date.now,
  autoplay,
  className,
  ...props
}: LoginScreenProps) {
  const { data: config } = useCompanyConfigQuery(true);
  const banners = activeBanners(config?.ad_list, now());
  // SPEC.md section 2: the QR mode exists but the toggle always stays in the form mode.
  const mode = 'form' as 'form' | 'qr';

  return (
    <div
      data-slot="login-screen"
      className={cn('flex min-h-screen flex-col bg-background text-foreground', className)}
      {...props}
    >
      <DocumentTitle title={loginCopy.title} shortName={config?.short_name} />
      <main className="flex flex-1 items-center justify-center p-4 md:p-8">
        <div className="flex w-full max-w-5xl overflow-hidden rounded-xl border border-border bg-card shadow-sm">
          <div data-slot="login-banners" className="hidden min-h-[26rem] flex-1 bg-muted md:block">
            <LoginBanners banners={banners} autoplay={autoplay} />
          </div>
          <section className="relative flex w-full flex-col gap-6 p-8 md:w-[26rem]">
            <Tooltip>
              <TooltipTrigger asChild>
                <IconButton
                  data-slot="login-mode-toggle"
                  aria-label={loginCopy.switchToQr}
                  aria-pressed={false}
                  className="absolute top-2 right-2"
                >
                  <QrCode aria-hidden="true" className="size-5" />
                </IconButton>
              </TooltipTrigger>
              <TooltipContent>{loginCopy.qrUnavailable}</TooltipContent>
            </Tooltip>
            <header className="flex flex-col items-center gap-2 text-center">
              {config?.logo_url ? <img src={config.logo_url} alt="" className="h-10 w-auto" /> : null}
              <h1 className="text-xl font-semibold">{config?.short_name || loginCopy.welcome}</h1>
              {config?.en_name ? <p className="text-xs text-muted-foreground">{config.en_name}</p> : null}
            </header>
            {mode === 'form' ? <LoginForm redirect={redirect} captcha={captcha} /> : <LoginQrPanel />}
          </section>
        </div>
      </main>
      <ShellFooter config={config} />
    </div>
  );
}
