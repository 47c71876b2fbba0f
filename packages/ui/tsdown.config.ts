import { defineConfig } from 'tsdown';

// The published build: one ES module per source file (so `@consign/ui/components/*` and the
// sidebar's lazy parts stay separate files), `.d.ts` beside each, dependencies left as imports.
// No source maps are shipped (the sources are not). The stylesheet is built by `build:css`.
export default defineConfig({
  entry: ['src/index.ts', 'src/components/*.tsx', 'src/lib/*.{ts,tsx}', '!src/**/*.{test,stories}.{ts,tsx}'],
  format: 'esm',
  platform: 'neutral',
  unbundle: true,
  dts: true,
  sourcemap: false,
  tsconfig: 'tsconfig.build.json',
});
