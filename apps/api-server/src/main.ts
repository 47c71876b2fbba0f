import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { createApp } from './app';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
const secret = process.env.API_SIGN_SECRET ?? 'consign-dev-secret';
const here = dirname(fileURLToPath(import.meta.url));
const staticRoot = process.env.STATIC_DIR ?? join(here, '../../admin/dist');

const app = createApp({ secret });
if (existsSync(join(staticRoot, 'index.html'))) {
  const indexHtml = readFileSync(join(staticRoot, 'index.html'), 'utf8');
  app.use('/*', serveStatic({ root: staticRoot }));
  app.get('*', (c) => c.html(indexHtml));
}

const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  console.log(`Consign is running at http://${host}:${info.port}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
