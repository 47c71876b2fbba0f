import { ShellProvider, StandaloneLoginScreen } from '@consign/shell';
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { lazyApi } from './lib/api';
import { captcha, LazyToaster } from './lib/shell-deps';

const loadApp = () => import('./app');
const loadApiClient = () => import('./lib/api-client');

/**
 * `/login` when it is the first page of a visit: the shell's login screen without the router and the
 * query client (about 45 KB gzip that a first visit would otherwise wait for). Once logged in, the app
 * starts in place at the target, without a second page load; its code (and the API client's) starts
 * downloading as soon as someone touches the form. Inside the app (logout, an expired session)
 * `/login` is the router's route.
 */
export function mountLogin(root: Root): void {
  const api = lazyApi(() =>
    loadApiClient().then((m) => m.createAppApiClient((href) => window.location.replace(href))),
  );
  const startApp = (target: string) => {
    loadApp().then(
      ({ mountApp }) => {
        window.history.replaceState(null, '', target);
        mountApp(root);
      },
      // The app's code did not load (offline, a new deployment): a full page load gets it.
      () => window.location.replace(target),
    );
  };
  // The API client (first needed for 获取验证码) and the app, once someone starts using the form.
  const warmUp = () => {
    void loadApiClient().catch(() => undefined);
    void loadApp().catch(() => undefined);
  };
  document.addEventListener('focusin', warmUp, { once: true });
  document.addEventListener('pointerdown', warmUp, { once: true });
  root.render(
    <StrictMode>
      <ShellProvider api={api} captcha={captcha}>
        <StandaloneLoginScreen onLoggedIn={startApp} />
        <LazyToaster />
      </ShellProvider>
    </StrictMode>,
  );
}
