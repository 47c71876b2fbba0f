import { defineConfig } from 'tsdown';

// The published build: one ES module per source file (the lazy user-menu dropdown and login banners
// stay separate files), `.d.ts` beside each, dependencies left as imports (@consign/ui and
// @consign/api-client included). No source maps (the sources are not shipped). The stylesheet is
// built by `build:css`.
export default defineConfig({
  entry: ['src/index.ts'],
  format: 'esm',
  platform: 'neutral',
  unbundle: true,
  dts: true,
  sourcemap: false,
  tsconfig: 'tsconfig.build.json',
});
