import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    // Before react(), so that it splits route files first: each route's component loads when the
    // route matches.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/__dev': apiTarget, '/static': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
});
