import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Two builds of one app: `vite build` takes only the packages' prebuilt CSS (no Tailwind anywhere);
// `vite build --mode tailwind` runs Tailwind v4 over the packages' published files, as their READMEs say.
export default defineConfig(({ mode }) => {
  const withTailwind = mode === 'tailwind';
  return {
    plugins: withTailwind ? [react(), tailwindcss()] : [react()],
    resolve: {
      alias: { 'app-styles.css': withTailwind ? '/src/tailwind.css' : '/src/prebuilt.css' },
    },
    build: { outDir: withTailwind ? 'dist-tailwind' : 'dist-prebuilt' },
  };
});
