#!/usr/bin/env node
// Publish Storybook to Chromatic when CHROMATIC_PROJECT_TOKEN is set; say so plainly otherwise.
import { spawnSync } from 'node:child_process';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.error(
    'CHROMATIC_PROJECT_TOKEN is not set: nothing is published. Set it to publish Storybook to Chromatic.',
  );
  process.exit(1);
}
const result = spawnSync(
  'pnpm',
  ['exec', 'chromatic', '--build-script-name', 'build-storybook', '--exit-zero-on-changes'],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
