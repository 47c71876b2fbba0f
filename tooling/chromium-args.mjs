// Chromium's flags for every test tool (see chromium.ts). Plain JavaScript so that Node scripts
// (Lighthouse) import it without a TypeScript loader.

/** Every host name resolves to NOTFOUND but this machine's own (Vitest's browser page is on localhost). */
export const HOST_RESOLVER_RULES = 'MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--font-render-hinting=none',
  `--host-resolver-rules=${HOST_RESOLVER_RULES}`,
];
