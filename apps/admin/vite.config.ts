import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    // Before react(), so that it splits route files first. Loaders get chunks of their own too: they
    // pull the API's query factories and contract constants, which no first paint needs.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    tailwindcss(),
    routePreload(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/__dev': apiTarget, '/static': apiTarget },
  },
  build: {
    target: 'es2022',
    rolldownOptions: { output: { codeSplitting: { groups: bootChunkGroups() } } },
    sourcemap: true,
    // scripts/size-report.mjs reads it to sum what each page downloads.
    manifest: true,
  },
});

/**
 * Fewer chunks on the way to the first paint. Left alone, the bundler splits the small modules that
 * the login screen, the app and the route chunks share into a dozen chunks of 1-3 KB, and a phone on
 * a slow network pays a round trip for each wave of them. Four long-lived groups instead: React; the
 * design system's core (class merging, buttons, Slot, the icon factory); the session's small shell
 * parts both boots start with; and the form controls (the login form and the list filters, never the
 * dashboard). Everything else keeps the default, route-level splitting.
 */
function bootChunkGroups() {
  const nm = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);
  return [
    { name: 'react', test: nm('react|react-dom|scheduler'), priority: 30 },
    {
      name: 'ui-core',
      test: (id: string) =>
        /[\\/]packages[\\/]ui[\\/]src[\\/](lib[\\/]cn\.ts|components[\\/](button|icon-button|spinner)\.tsx)/.test(
          id,
        ) ||
        nm(
          'clsx|class-variance-authority|tailwind-merge|@radix-ui[\\\\/]react-(slot|primitive|compose-refs)',
        ).test(id) ||
        /[\\/]lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|shared|context)/.test(
          id,
        ),
      priority: 20,
    },
    {
      // The session's small modules: the login screen and the app both start with them.
      name: 'session',
      test: /[\\/](packages[\\/]shell[\\/]src[\\/](store[\\/]|session[\\/](company-config-cache|token-storage|shell-provider|safe-redirect)\.tsx?|layout[\\/](use-media-query\.ts|shell-footer\.tsx)|title[\\/](titles|document-title)\.ts)|packages[\\/]api-client[\\/]src[\\/](embed|contract[\\/]session-rules)\.ts|node_modules[\\/]zustand[\\/]|apps[\\/]admin[\\/]src[\\/]lib[\\/](api\.ts|shell-deps\.tsx))/,
      priority: 18,
    },
    {
      // The form controls: the login form and the list pages' filters (not the dashboard).
      name: 'forms',
      test: /[\\/](packages[\\/]ui[\\/]src[\\/](components[\\/](field|input|label|checkbox)\.tsx|lib[\\/]icons\.tsx)|packages[\\/]api-client[\\/]src[\\/]contract[\\/]rules\.ts|node_modules[\\/]@radix-ui[\\/]react-(checkbox|label|presence|use-size|use-previous|context|use-controllable-state|use-effect-event|use-layout-effect)[\\/])/,
      priority: 16,
    },
  ];
}

interface EntryRoutes {
  boot: Record<string, { module: string; beside: string[] }>;
  pages: Record<string, string[]>;
}

/** Split groups loaded only when something fails: not worth preloading. */
const ON_FAILURE_ONLY = new Set(['errorComponent', 'notFoundComponent', 'pendingComponent']);

/**
 * Preloading for the landing pages listed in `entry-routes.json`.
 *
 * The entry only picks a boot module (the login screen alone, or the app), and with automatic code
 * splitting a page's component chunk is found only after the router has matched the path: two more
 * round trips before the first paint. This plugin emits a small script, referenced from index.html,
 * that adds `<link rel="modulepreload">` for the current path's boot module and route chunks (and
 * their static imports) at once, so they download in parallel with the entry. Each landing page also
 * gets `<path>/index.html` with those links written in (what a static host serves for the path).
 */
function routePreload(): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const config: EntryRoutes = JSON.parse(
    readFileSync(new URL('./entry-routes.json', import.meta.url), 'utf8'),
  );
  return {
    name: 'consign:route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') this.error('route-preload: index.html is not in the bundle yet');
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (fileName: string, out: Set<string>) => {
        if (out.has(fileName)) return;
        out.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, out);
      };
      const chunksOf = (source: string): string[] => {
        const found = chunks
          .filter((chunk) => {
            const id = chunk.facadeModuleId;
            if (!id) return false;
            const [path, query = ''] = id.split('?');
            if (path !== `${root}${source}`) return false;
            if (!query) return true;
            const groups = (new URLSearchParams(query).get('tsr-split') ?? '').split('---');
            return groups.some((group) => group !== '' && !ON_FAILURE_ONLY.has(group));
          })
          .map((chunk) => chunk.fileName);
        if (found.length === 0) this.error(`route-preload: no chunk for ${source} (entry-routes.json)`);
        return found;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      const inEntry = new Set<string>();
      if (entry) closure(entry.fileName, inEntry);
      const filesOf = (sources: string[], skip: Set<string>): string[] => {
        const files = new Set<string>();
        for (const source of sources) for (const file of chunksOf(source)) closure(file, files);
        return [...files].filter((file) => !skip.has(file)).map((file) => `/${file}`);
      };
      const boot: Record<string, string[]> = {};
      for (const [pathname, { module, beside }] of Object.entries(config.boot)) {
        boot[pathname] = filesOf([module, ...beside], inEntry);
      }
      const pages: Record<string, string[]> = {};
      for (const [pathname, sources] of Object.entries(config.pages)) {
        const bootFiles = new Set((boot[pathname] ?? boot['*'] ?? []).map((file) => file.slice(1)));
        pages[pathname] = filesOf(sources, new Set([...inEntry, ...bootFiles]));
      }
      // What every boot loads goes in index.html itself, where the browser finds it at once.
      const bootLists = Object.values(boot);
      const common = (bootLists[0] ?? []).filter((file) => bootLists.every((list) => list.includes(file)));
      for (const [pathname, files] of Object.entries(boot)) {
        boot[pathname] = files.filter((file) => !common.includes(file));
      }
      const map = { boot, pages };
      const code = `(function(m){var p=location.pathname.replace(/\\/+$/,'')||'/';(m.boot[p]||m.boot['*']).concat(m.pages[p]||[]).forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)})})(${JSON.stringify(map)});\n`;
      const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
      const fileName = `assets/route-preload-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
      // `async`: it never blocks parsing; it runs while the entry module downloads.
      const tag = `<script async src="/${fileName}"></script>`;
      const preload = (files: string[]) =>
        files.map((file) => `\n    <link rel="modulepreload" crossorigin href="${file}">`).join('');
      const source = String(html.source);
      html.source = source.replace('<head>', `<head>\n    ${tag}${preload(common)}`);
      // The landing pages also get a page of their own with their whole list in the HTML (no script to
      // wait for): `login/index.html` for /login, as a static host serves `<path>/index.html`.
      for (const pathname of Object.keys(pages)) {
        const files = [...common, ...(boot[pathname] ?? boot['*'] ?? []), ...(pages[pathname] ?? [])];
        this.emitFile({
          type: 'asset',
          fileName: `${pathname.slice(1)}/index.html`,
          source: source.replace('<head>', `<head>${preload([...new Set(files)])}`),
        });
      }
    },
  };
}
