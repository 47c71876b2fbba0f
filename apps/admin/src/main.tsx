import './styles.css';
import { createRoot } from 'react-dom/client';
import { BOOT_COPY } from './boot-copy';

/**
 * The entry: it creates the React root (so that React is in the entry's own imports, preloaded from
 * index.html) and picks what to start. A first visit to `/login` starts the login screen alone
 * (`login-main.tsx`, no router or query client); every other path starts the app (`app.tsx`). Both
 * chunks are preloaded from index.html for the path at hand (vite.config.ts, `routePreload`), so this
 * choice costs no extra round trip.
 */
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const root = createRoot(container);
const path = window.location.pathname.replace(/\/+$/, '') || '/';
const start =
  path === '/login'
    ? import('./login-main').then((m) => m.mountLogin(root))
    : import('./app').then((m) => m.mountApp(root));

// The code did not load (offline, a new deployment removed the old files): say so, offer a reload.
start.catch((error: unknown) => {
  console.error(error);
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.setAttribute('data-slot', 'boot-error');
  box.className = 'flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center';
  const text = document.createElement('p');
  text.textContent = BOOT_COPY.failed;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = BOOT_COPY.reload;
  button.className = 'rounded-md border border-border px-4 py-2 text-sm hover:bg-muted';
  button.addEventListener('click', () => window.location.reload());
  box.append(text, button);
  container.replaceChildren(box);
});
