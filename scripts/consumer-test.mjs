#!/usr/bin/env node
// The packages as another team gets them: build and `pnpm pack` @consign/ui, @consign/api-client and
// @consign/shell, install the tarballs with npm into a fresh Vite + React 19 + TanStack Router app
// (tooling/consumer-app, copied to a temp dir outside the workspace), then:
//   1. publint the packed packages; type-check the app, and every ```ts / ```tsx example of the
//      packages' READMEs and THEMING.md, under moduleResolution `bundler`, `node16` and `nodenext`
//      (skipLibCheck off, so a broken .d.ts fails);
//   2. build it twice: with only the prebuilt CSS (no Tailwind), and with Tailwind v4 and the READMEs'
//      `@source` lines;
//   3. import every package entry in plain Node (the sign entry and the client entry must not load zod);
//   4. in Chromium, for both builds: the login card beside the banner at 1440px, the sidebar 208px wide.
// Every step says what failed. `KEEP=1` keeps the temp dir.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { chromiumArgs } from '../tooling/chromium-args.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const PACKAGES = ['ui', 'api-client', 'shell'];
const started = Date.now();
const work = mkdtempSync(join(tmpdir(), 'consign-consumer-'));
const app = join(work, 'app');
const tarballs = join(work, 'tarballs');

function log(message) {
  const seconds = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
  console.log(`\x1b[36m[consumer ${seconds}s]\x1b[0m ${message}`);
}

function fail(step, detail) {
  console.error(`\x1b[31m[consumer] FAILED: ${step}\x1b[0m\n${detail ?? ''}`);
  console.error(`(work dir kept: ${work})`);
  process.exit(1);
}

/** Runs a command; on failure prints its output under the step's name and stops. */
function run(step, cmd, args, cwd, env = {}) {
  const result = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 64 << 20,
  });
  if (result.error) fail(step, `${cmd} could not start: ${result.error.message}`);
  if (result.status !== 0)
    fail(step, `$ ${cmd} ${args.join(' ')}  (in ${cwd})\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

// ---- 1. build and pack -------------------------------------------------------------------------

log('building the three packages');
for (const name of PACKAGES)
  run(`build @consign/${name}`, 'pnpm', ['run', 'build'], join(root, 'packages', name));

log('packing them (pnpm pack applies publishConfig and turns workspace:^ into ranges)');
mkdirSync(tarballs);
const tarballOf = {};
for (const name of PACKAGES) {
  run(
    `pack @consign/${name}`,
    'pnpm',
    ['pack', '--pack-destination', tarballs],
    join(root, 'packages', name),
  );
  const file = readdirSync(tarballs).find(
    (f) => f.startsWith(`consign-${name}-`) && !Object.values(tarballOf).includes(join(tarballs, f)),
  );
  if (!file) fail(`pack @consign/${name}`, `no tarball in ${tarballs}`);
  tarballOf[name] = join(tarballs, file);
}

log('checking what the tarballs hold');
for (const name of PACKAGES) {
  const files = execFileSync('tar', ['-tzf', tarballOf[name]], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  const manifest = JSON.parse(
    execFileSync('tar', ['-xzOf', tarballOf[name], 'package/package.json'], { encoding: 'utf8' }),
  );
  const problems = [];
  for (const needed of [
    'package/LICENSE',
    'package/README.md',
    'package/CHANGELOG.md',
    'package/dist/index.js',
    'package/dist/index.d.ts',
  ]) {
    if (!files.includes(needed)) problems.push(`missing ${needed}`);
  }
  if (name !== 'api-client' && !files.includes('package/dist/styles.css'))
    problems.push('missing dist/styles.css');
  if (files.some((f) => f.startsWith('package/src/'))) problems.push('ships src/');
  if (files.some((f) => f.endsWith('.map'))) problems.push('ships source maps without their sources');
  const exportsText = JSON.stringify(manifest.exports);
  if (exportsText.includes('/src/')) problems.push(`exports point into src/: ${exportsText}`);
  for (const [dep, range] of Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies })) {
    if (String(range).startsWith('workspace:')) problems.push(`${dep} is still ${range}`);
    if (dep.startsWith('@consign/') && !String(range).startsWith('^'))
      problems.push(`${dep} is pinned at ${range}, not a ^ range`);
  }
  for (const field of ['repository', 'homepage', 'bugs', 'license'])
    if (!manifest[field]) problems.push(`no ${field} field`);
  if (problems.length) fail(`contents of ${relative(work, tarballOf[name])}`, problems.join('\n'));
  run(`publint @consign/${name}`, 'pnpm', ['exec', 'publint', '--strict', tarballOf[name]], root);
}

// ---- 2. a fresh app outside the workspace ---------------------------------------------------------

log(`creating the app in ${app}`);
cpSync(join(root, 'tooling', 'consumer-app'), app, {
  recursive: true,
  filter: (source) => !/node_modules|dist-/.test(relative(join(root, 'tooling', 'consumer-app'), source)),
});

// Every ts/tsx example of the READMEs becomes a module of the app, type-checked as written.
const docs = [
  'packages/ui/README.md',
  'packages/ui/THEMING.md',
  'packages/api-client/README.md',
  'packages/shell/README.md',
];
mkdirSync(join(app, 'src', 'readme'));
let examples = 0;
for (const doc of docs) {
  const text = readFileSync(join(root, doc), 'utf8');
  const blocks = [...text.matchAll(/^```(tsx?)\n([\s\S]*?)^```$/gm)];
  blocks.forEach((match, index) => {
    const file = `${doc.split('/')[1]}-${doc.split('/')[2].replace('.md', '').toLowerCase()}-${index + 1}.${match[1]}`;
    writeFileSync(join(app, 'src', 'readme', file), `// ${doc}, example ${index + 1}\n${match[2]}`);
    examples++;
  });
}
log(`${examples} README examples copied into src/readme/`);

log("npm install: the three tarballs and the app's own dependencies from the registry");
run(
  'npm install',
  'npm',
  ['install', '--no-audit', '--no-fund', '--loglevel=error', ...PACKAGES.map((n) => tarballOf[n])],
  app,
);

// ---- 3. type-check under bundler, node16 and nodenext -------------------------------------------------------

for (const mode of ['bundler', 'node16', 'nodenext']) {
  log(`tsc --noEmit, moduleResolution ${mode} (skipLibCheck off)`);
  run(`type-check under ${mode}`, 'npx', ['--no-install', 'tsc', '-p', `tsconfig.${mode}.json`], app);
}

// ---- 4. two builds ----------------------------------------------------------------------------------

// Tailwind first, so that the other build's output cannot feed it classes (the app's .gitignore keeps
// Tailwind's automatic source detection out of node_modules and dist-*, as in any Vite app).
log("vite build --mode tailwind (Tailwind v4 with the READMEs' @source lines)");
run(
  'vite build (Tailwind)',
  'npx',
  ['--no-install', 'vite', 'build', '--mode', 'tailwind', '--logLevel', 'warn'],
  app,
);
log('vite build with only the prebuilt CSS (no Tailwind)');
run('vite build (prebuilt CSS)', 'npx', ['--no-install', 'vite', 'build', '--logLevel', 'warn'], app);
for (const dir of ['dist-prebuilt', 'dist-tailwind']) {
  const assets = readdirSync(join(app, dir, 'assets'));
  const css = assets
    .filter((f) => f.endsWith('.css'))
    .map((f) => readFileSync(join(app, dir, 'assets', f), 'utf8'))
    .join('');
  if (css.includes('@import "tailwindcss"') || css.includes('@source'))
    fail(`CSS of ${dir}`, 'Tailwind directives were left unprocessed');
  if (!css.includes('--sidebar-width') && !css.includes('w-\\(--sidebar-width\\)'))
    fail(`CSS of ${dir}`, 'the sidebar width class is missing');
}

// ---- 5. every entry in plain Node -------------------------------------------------------------------

const installed = (name, sub) => join(app, 'node_modules', '@consign', name, 'dist', sub);
const filesIn = (dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => f.slice(0, -3));
const entries = [
  '@consign/ui',
  ...filesIn(installed('ui', 'components')).map((f) => `@consign/ui/components/${f}`),
  ...filesIn(installed('ui', 'lib')).map((f) => `@consign/ui/lib/${f}`),
  '@consign/api-client',
  '@consign/api-client/sign',
  '@consign/api-client/contract',
  '@consign/api-client/query',
  '@consign/shell',
];
log(`importing ${entries.length} entries in plain Node`);
const importAll = `for (const entry of ${JSON.stringify(entries)}) {
  const module = await import(entry);
  if (Object.keys(module).length === 0) throw new Error(entry + ' exports nothing');
}`;
run('import every entry in Node', process.execPath, ['--input-type=module', '-e', importAll], app);

// The sign entry loads neither zod nor ofetch; the client entry loads no zod (a resolve hook refuses them).
writeFileSync(
  join(app, 'forbid-hooks.mjs'),
  `const forbidden = (process.env.FORBID ?? '').split(',');
export async function resolve(specifier, context, next) {
  if (forbidden.some((name) => specifier === name || specifier.startsWith(name + '/'))) {
    throw new Error('forbidden import of ' + specifier + ' from ' + context.parentURL);
  }
  return next(specifier, context);
}`,
);
writeFileSync(
  join(app, 'forbid.mjs'),
  `import { register } from 'node:module';\nregister('./forbid-hooks.mjs', import.meta.url);\n`,
);
const forbid = [
  ['@consign/api-client/sign', 'zod,ofetch', "m.signPayload({ a: 1 }, 'k')"],
  ['@consign/api-client', 'zod', "m.createApiClient({ secret: 'k' }).call"],
];
for (const [entry, names, use] of forbid) {
  log(`${entry} in Node without ${names}`);
  run(
    `${entry} must not import ${names}`,
    process.execPath,
    [
      '--import',
      './forbid.mjs',
      '--input-type=module',
      '-e',
      `const m = await import('${entry}'); if (!${use}) throw new Error('unusable');`,
    ],
    app,
    { FORBID: names },
  );
}

// ---- 6. layout in Chromium --------------------------------------------------------------------------

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

function serve(dir) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    let file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory())
      file = join(dir, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: chromiumArgs,
});
try {
  for (const dir of ['dist-prebuilt', 'dist-tailwind']) {
    const server = await serve(join(app, dir));
    const origin = `http://127.0.0.1:${server.address().port}`;
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      log(`${dir}: the login page at 1440px`);
      await page.goto(`${origin}/login`);
      const banner = page.locator('[data-slot=login-banners]');
      const card = page.getByRole('button', { name: '登录' }).locator('xpath=ancestor::section[1]');
      await banner
        .locator('img')
        .first()
        .waitFor({ timeout: 30_000 })
        .catch(() => fail(`${dir}: login banner`, 'no banner picture appeared'));
      const b = await banner.boundingBox();
      const c = await card.boundingBox();
      if (!b || !c || b.width < 200 || c.width < 200)
        fail(`${dir}: login layout`, `banner ${JSON.stringify(b)}, card ${JSON.stringify(c)}`);
      if (!(b.x + b.width <= c.x + 1 && Math.abs(b.y - c.y) <= 1)) {
        fail(
          `${dir}: login layout`,
          `the card is not beside the banner: banner ${JSON.stringify(b)}, card ${JSON.stringify(c)}`,
        );
      }
      await page.screenshot({ path: join(work, `${dir}-login.png`) });

      log(`${dir}: the sidebar of the authenticated shell`);
      await page.goto(`${origin}/`);
      const sidebar = page.locator('[data-slot=sidebar]');
      await sidebar
        .waitFor({ timeout: 30_000 })
        .catch(() => fail(`${dir}: sidebar`, 'the shell never rendered its sidebar'));
      const s = await sidebar.boundingBox();
      if (s?.width !== 208) fail(`${dir}: sidebar width`, `expected 208px, got ${JSON.stringify(s)}`);
      if (s?.height !== 900)
        fail(`${dir}: sidebar height`, `expected the window's 900px, got ${JSON.stringify(s)}`);
      const primary = await page
        .getByRole('button', { name: '新建订单' })
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      if (primary !== 'rgb(22, 104, 220)')
        fail(
          `${dir}: primary button colour`,
          `expected the --primary token rgb(22, 104, 220), got ${primary}`,
        );
      await page.screenshot({ path: join(work, `${dir}-shell.png`) });
      if (errors.length) fail(`${dir}: errors in the page`, errors.join('\n'));
    } finally {
      await page.close();
      server.close();
    }
  }
} finally {
  await browser.close();
}

const seconds = ((Date.now() - started) / 1000).toFixed(0);
if (process.env.KEEP) log(`kept ${work}`);
else rmSync(work, { recursive: true, force: true });
console.log(
  `consumer test passed in ${seconds} s (${examples} README examples, ${entries.length} Node entries, 2 builds)`,
);
