import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    // Before react(), so that it splits route files first: each route's component loads when the
    // route matches.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    // `.br` (quality 11) and `.gz` (level 9) beside every compressible file of dist/, written once
    // here, so the api-server only picks the file the browser accepts and never compresses at request
    // time. Not the HTML pages: the server inserts the current company config into them.
    compression({
      include: /\.(js|mjs|css|json|svg|xml|txt|webmanifest)$/,
      algorithms: ['brotliCompress', 'gzip'],
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/__dev': apiTarget, '/static': apiTarget },
  },
  build: {
    target: 'es2022',
    // Source maps are written (to decode a production stack trace by hand) but not referenced from
    // the scripts, and the api-server never serves them.
    sourcemap: 'hidden',
    // The sizes that count are measured in Chromium (scripts/size-report.mjs); gzipping every chunk
    // once more only to print a list costs each build seconds.
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|tailwind-merge|clsx|@tanstack[\\/](react-router|router-core|history|react-query|query-core|store|react-store))[\\/]/,
            },
          ],
        },
      },
    },
  },
});
