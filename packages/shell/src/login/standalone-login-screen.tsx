import type { CompanyConfig } from '@consign/api-client';
import * as React from 'react';
import { initialCompanyConfig, writeCachedCompanyConfig } from '../session/company-config-cache';
import { useShell } from '../session/shell-provider';
import { LoginLayout, type LoginScreenProps } from './login-layout';
import { documentLoginNavigation, type LoginNavigation, LoginNavigationProvider } from './login-navigation';

export type StandaloneLoginScreenProps = LoginScreenProps & {
  /**
   * Called once logged in with the sanitised target path; default `location.replace(target)`. An app
   * may instead start its router in place (no second page load).
   */
  onLoggedIn?: (target: string) => void;
};

interface ConfigState {
  config: CompanyConfig | undefined;
  settled: boolean;
}

/**
 * The public company config without TanStack Query: the copy the server embedded in the page (then no
 * call is needed), else the copy cached by the last visit at once and one `default/config` call
 * (silent: the page keeps its cached or blank branding when it fails), whose answer is cached for the
 * next visit.
 */
export function useStandaloneCompanyConfig(): ConfigState {
  const { api } = useShell();
  const [initial] = React.useState(initialCompanyConfig);
  const fresh = initial.updatedAt > 0;
  const [state, setState] = React.useState<ConfigState>({ config: initial.config, settled: fresh });
  React.useEffect(() => {
    if (fresh) return;
    const controller = new AbortController();
    api.config.get({ silent: true, signal: controller.signal }).then(
      (config) => {
        writeCachedCompanyConfig(config);
        setState({ config, settled: true });
      },
      () => {
        if (!controller.signal.aborted) setState((previous) => ({ ...previous, settled: true }));
      },
    );
    return () => controller.abort();
  }, [api, fresh]);
  return state;
}

/**
 * The login page for an app that loads `/login` without its router and query client, the heaviest
 * parts of a first visit: the same screen as `LoginScreen`, fed by {@link useStandaloneCompanyConfig},
 * with the document's own navigation (plain links, `location`). Needs a `ShellProvider` for the API
 * and the captcha, and a `<Toaster />` somewhere for its toasts.
 */
export function StandaloneLoginScreen({ onLoggedIn, ...props }: StandaloneLoginScreenProps) {
  const { config, settled } = useStandaloneCompanyConfig();
  const navigation = React.useMemo<LoginNavigation>(
    () => (onLoggedIn ? { ...documentLoginNavigation, leave: onLoggedIn } : documentLoginNavigation),
    [onLoggedIn],
  );
  return (
    <LoginNavigationProvider value={navigation}>
      <LoginLayout config={config} pending={config === undefined && !settled} {...props} />
    </LoginNavigationProvider>
  );
}
