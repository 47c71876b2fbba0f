import { defineConfig } from 'tsdown';

// The published build: one ES module per source file, so the client entry's lazy `import()` of the
// route schemas stays a separate file and the `sign` entry loads neither zod nor ofetch. `.d.ts`
// beside each file; dependencies stay imports; no source maps (the sources are not shipped).
export default defineConfig({
  entry: ['src/index.ts', 'src/sign.ts', 'src/contract/index.ts', 'src/query/index.ts'],
  format: 'esm',
  platform: 'neutral',
  unbundle: true,
  dts: true,
  sourcemap: false,
  tsconfig: 'tsconfig.build.json',
});
