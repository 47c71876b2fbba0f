/**
 * One place that says how every test tool launches Chromium on this kind of machine:
 * Debian's /usr/bin/chromium (or CHROME_PATH), no sandbox for root, and no traffic past this machine.
 * Debian's Chromium looks up Google's hosts in the background even with background networking off,
 * so every host but 127.0.0.1 resolves to NOTFOUND: a test can only ever talk to our own servers.
 * Every launcher uses these flags: Vitest's browser projects, Storybook's tests, Playwright and the
 * Lighthouse script (apps/admin/scripts/lighthouse.mjs imports them from chromium-args.mjs).
 */
import { chromiumArgs } from './chromium-args.mjs';

export { chromiumArgs };

export const chromiumExecutable = process.env.CHROME_PATH || '/usr/bin/chromium';

export const chromiumLaunchOptions = {
  executablePath: chromiumExecutable,
  args: chromiumArgs,
};
