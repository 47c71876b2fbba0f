/**
 * One place that says how every test tool launches Chromium on this kind of machine:
 * Debian's /usr/bin/chromium (or CHROME_PATH), no sandbox for root, and no background traffic
 * (the machine's network is closed, and Chromium would otherwise retry Google's hosts).
 */
export const chromiumExecutable = process.env.CHROME_PATH || '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--font-render-hinting=none',
];

export const chromiumLaunchOptions = {
  executablePath: chromiumExecutable,
  args: chromiumArgs,
};
