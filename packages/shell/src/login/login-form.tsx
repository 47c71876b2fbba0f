import { Button, cn, Field, Input, toast } from '@consign/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import * as React from 'react';
import { PathLink } from '../lib/router-link';
import { safeRedirect } from '../session/safe-redirect';
import { useShell } from '../session/shell-provider';
import { tokenStorage } from '../session/token-storage';
import { CaptchaCancelledError, type CaptchaProvider } from './captcha/captcha-provider';
import { loginCopy } from './login-copy';
import {
  codeError,
  isValidMobile,
  mobileError,
  normalizeMobile,
  REDIRECT_DELAY_MS,
  SMS_CODE_MAX_LENGTH,
} from './login-rules';
import { useSmsCountdown } from './use-sms-countdown';

export interface LoginFormProps {
  /** Where to go after logging in (sanitised by `safeRedirect`); default: the `redirect` search parameter. */
  redirect?: string;
  /**
   * Where a login that signed up a new, empty seller account (`is_new_account`) goes when no redirect
   * was given, e.g. the app's 新手指引; default: the same place as any login.
   */
  newAccountRedirect?: string;
  /** The captcha to run before sending a code; default: the ShellProvider's. */
  captcha?: CaptchaProvider;
  /** Paths of the agreement pages. */
  userAgreementPath?: string;
  privacyPolicyPath?: string;
  className?: string;
}

// The labels are there for assistive technology; the placeholders say the same to sighted users.
const hiddenLabel = '[&>[data-slot=field-label]]:sr-only';

interface FieldErrors {
  mobile?: string | undefined;
  code?: string | undefined;
}

function apiMessage(error: unknown): string | undefined {
  return error instanceof Error && error.name === 'ApiError' && error.message ? error.message : undefined;
}

/** The SMS login form: mobile, code with a captcha-guarded resend countdown, agreement, submit. */
export function LoginForm({
  redirect,
  newAccountRedirect,
  captcha,
  userAgreementPath = '/user-agreement',
  privacyPolicyPath = '/privacy-policy',
  className,
}: LoginFormProps) {
  const shell = useShell();
  const { api } = shell;
  const verifier = captcha ?? shell.captcha;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const redirectParam = useLocation({
    select: (location) => (location.search as Record<string, unknown>).redirect,
  });
  const target = safeRedirect(redirect ?? redirectParam);
  // A redirect was asked for (even one refused as unsafe, which goes to `/`): it wins over newAccountRedirect.
  const redirectGiven = (redirect ?? redirectParam) !== undefined;

  const [mobile, setMobile] = React.useState('');
  const [code, setCode] = React.useState('');
  const [agreed, setAgreed] = React.useState(true);
  const [errors, setErrors] = React.useState<FieldErrors>({});
  const [sending, setSending] = React.useState(false);
  const [submitting, setSubmitting] = React.useState(false);
  const submittingRef = React.useRef(false);
  const redirectTimer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mobileRef = React.useRef<HTMLInputElement>(null);
  const codeRef = React.useRef<HTMLInputElement>(null);
  const { secondsLeft, start } = useSmsCountdown();

  React.useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const mobileOk = isValidMobile(mobile);
  const counting = secondsLeft > 0;

  async function sendCode() {
    if (!mobileOk || counting || sending) return;
    setSending(true);
    try {
      let ticket: { ticket: string; randstr: string };
      try {
        ticket = await verifier.verify();
      } catch (error) {
        if (!(error instanceof CaptchaCancelledError)) toast.warning(loginCopy.requestFailed);
        return;
      }
      try {
        await api.call(
          '/api/default/send-code',
          { mobile: normalizeMobile(mobile), type: 1, sign_type: 1, ...ticket },
          { silent: true },
        );
      } catch (error) {
        const description = apiMessage(error);
        toast.warning(loginCopy.requestFailed, description ? { description } : undefined);
        return;
      }
      toast.success(loginCopy.codeSent);
      start();
      codeRef.current?.focus();
    } finally {
      setSending(false);
    }
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submittingRef.current) return;
    const next: FieldErrors = { mobile: mobileError(mobile), code: codeError(code) };
    setErrors(next);
    if (next.mobile) {
      mobileRef.current?.focus();
      return;
    }
    if (next.code) {
      codeRef.current?.focus();
      return;
    }
    if (!agreed) {
      toast.warning(loginCopy.agreementRequired);
      return;
    }
    submittingRef.current = true;
    setSubmitting(true);
    try {
      const result = await api.call('/api/default/login', {
        mobile: normalizeMobile(mobile),
        code: code.trim(),
      });
      tokenStorage.set(result.access_token);
      toast.success(loginCopy.loginSuccess);
      redirectTimer.current = setTimeout(() => {
        // A current user cached from an earlier session (or a failed 401 call) must not show next.
        queryClient.removeQueries({ queryKey: shell.queries.currentUser.queryKey });
        const newAccountTarget =
          result.is_new_account && !redirectGiven && newAccountRedirect
            ? safeRedirect(newAccountRedirect)
            : null;
        void navigate({ href: newAccountTarget ?? target, replace: true });
      }, REDIRECT_DELAY_MS);
      // Stays "submitting" until the page changes: no second login.
    } catch {
      // The client already showed the server's message.
      submittingRef.current = false;
      setSubmitting(false);
    }
  }

  return (
    <form
      data-slot="login-form"
      noValidate
      onSubmit={submit}
      className={className}
      aria-label={loginCopy.title}
    >
      <div className="flex flex-col gap-4">
        <Field className={hiddenLabel} label={loginCopy.mobileLabel} error={errors.mobile}>
          <Input
            ref={mobileRef}
            name="mobile"
            size="lg"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder={loginCopy.mobilePlaceholder}
            value={mobile}
            onChange={(event) => {
              const value = normalizeMobile(event.target.value);
              setMobile(value);
              if (errors.mobile && isValidMobile(value)) setErrors((e) => ({ ...e, mobile: undefined }));
            }}
          />
        </Field>
        <div className="flex items-start gap-2">
          <Field className={cn('flex-1', hiddenLabel)} label={loginCopy.codeLabel} error={errors.code}>
            <Input
              ref={codeRef}
              name="code"
              size="lg"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={SMS_CODE_MAX_LENGTH}
              placeholder={loginCopy.codePlaceholder}
              value={code}
              onChange={(event) => {
                const value = event.target.value;
                setCode(value);
                if (errors.code && !codeError(value)) setErrors((e) => ({ ...e, code: undefined }));
              }}
            />
          </Field>
          <Button
            size="lg"
            className="w-32"
            data-slot="send-code"
            disabled={!mobileOk || counting || sending}
            aria-live="polite"
            onClick={() => void sendCode()}
          >
            {counting ? loginCopy.countdown(secondsLeft) : loginCopy.getCode}
          </Button>
        </div>
        <div className="flex items-center gap-2 text-sm">
          {/* A native checkbox in the design system's colour: /login spares Radix Checkbox (~4.5 KB gzip). */}
          <input
            type="checkbox"
            id="login-agreement"
            data-slot="login-agreement"
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
            className="size-4 shrink-0 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
          />
          <label htmlFor="login-agreement" className="text-muted-foreground">
            {loginCopy.agreementPrefix}
            <PathLink to={userAgreementPath} className="text-link hover:underline">
              {loginCopy.userAgreement}
            </PathLink>
            {loginCopy.agreementJoin}
            <PathLink to={privacyPolicyPath} className="text-link hover:underline">
              {loginCopy.privacyPolicy}
            </PathLink>
          </label>
        </div>
        <Button
          type="submit"
          variant="primary"
          size="lg"
          className="w-full"
          loading={submitting}
          data-state={submitting ? 'loading' : 'idle'}
        >
          {loginCopy.submit}
        </Button>
      </div>
    </form>
  );
}
