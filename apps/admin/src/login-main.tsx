import { ShellProvider, StandaloneLoginScreen } from '@consign/shell';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { lazyApi } from './lib/api';
import { captcha, LazyToaster } from './lib/shell-deps';

const loadApp = () => import('./app');

/**
 * `/login` when it is the first page of a visit: the shell's login screen without the router and the
 * query client (about 45 KB gzip that a first visit would otherwise wait for). Once logged in, the app
 * starts in place at the target, without a second page load; its code starts downloading as soon as
 * someone touches the form. Inside the app (logout, an expired session) `/login` is the router's route.
 */
export function mountLogin(container: HTMLElement): void {
  const api = lazyApi(() =>
    import('./lib/api-client').then((m) => m.createAppApiClient((href) => window.location.replace(href))),
  );
  const root = createRoot(container);
  const startApp = (target: string) => {
    loadApp().then(
      ({ mountApp }) => {
        window.history.replaceState(null, '', target);
        root.unmount();
        mountApp(container);
      },
      // The app's code did not load (offline, a new deployment): a full page load gets it.
      () => window.location.replace(target),
    );
  };
  const warmUp = () => void loadApp().catch(() => undefined);
  container.addEventListener('focusin', warmUp, { once: true });
  container.addEventListener('pointerdown', warmUp, { once: true });
  root.render(
    <StrictMode>
      <ShellProvider api={api} captcha={captcha}>
        <StandaloneLoginScreen onLoggedIn={startApp} />
        <LazyToaster />
      </ShellProvider>
    </StrictMode>,
  );
}
