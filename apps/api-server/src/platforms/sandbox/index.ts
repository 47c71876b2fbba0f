import type { PlatformCode, PlatformEndpoints } from '../connector';
import { DOUDIAN_SANDBOX_APP, DoudianSandbox } from './doudian';
import { PDD_SANDBOX_APP, PddSandbox } from './pdd';

export { DOUDIAN_SANDBOX_APP, DoudianSandbox } from './doudian';
export { PDD_SANDBOX_APP, PddSandbox } from './pdd';

/** Where the server mounts the sandboxes (outside production, with `PLATFORM_SANDBOX` on). */
export const SANDBOX_MOUNT = '/__sandbox';

export interface PlatformSandboxes {
  pdd: PddSandbox;
  doudian: DoudianSandbox;
  /** The endpoints of each sandbox as mounted on the server at `serverUrl`. */
  endpoints(serverUrl: string): Record<PlatformCode, PlatformEndpoints>;
  close(): void;
}

/**
 * The sandboxes the server serves for the demo: each knows the sandbox app (`PDD_SANDBOX_APP`,
 * `DOUDIAN_SANDBOX_APP`) and, every `demoEveryMs`, places an order in each authorised shop (and now
 * and then opens a refund), so that a newcomer sees orders arrive.
 */
export function createSandboxes(options: { now?: () => number; demoEveryMs?: number | false } = {}) {
  const pdd = new PddSandbox({ apps: [PDD_SANDBOX_APP], now: options.now });
  const doudian = new DoudianSandbox({ apps: [DOUDIAN_SANDBOX_APP], now: options.now });
  if (options.demoEveryMs !== false) {
    pdd.startDemo(options.demoEveryMs ?? 20_000);
    doudian.startDemo(options.demoEveryMs ?? 20_000);
  }
  const sandboxes: PlatformSandboxes = {
    pdd,
    doudian,
    endpoints: (serverUrl) => ({
      pinduoduo: PddSandbox.endpoints(`${serverUrl}${SANDBOX_MOUNT}/pdd`),
      douyin: DoudianSandbox.endpoints(`${serverUrl}${SANDBOX_MOUNT}/doudian`),
    }),
    close() {
      pdd.stopDemo();
      doudian.stopDemo();
    },
  };
  return sandboxes;
}
