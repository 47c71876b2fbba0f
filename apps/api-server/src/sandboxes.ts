import type { AlipaySandbox, AlipaySandboxOptions, PlatformSandboxes } from '@consign/platform-sandboxes';

/**
 * The one door to the local sandboxes of 拼多多, 抖店, 1688 and Alipay (`packages/platform-sandboxes`,
 * docs/api-server/platforms.md, "The sandboxes"). The api-server loads them only here, by a dynamic `import()`, and only in
 * sandbox mode (`PLATFORM_SANDBOX`, or Alipay without `ALIPAY_*`), which production refuses: a
 * production server never loads their code. Everything else in `src/` names the package in type-only
 * imports (test/layers.test.ts holds that).
 */
export type { AlipaySandbox, AlipaySandboxOptions, PlatformSandboxes };

/** What the sandbox package gives the server. */
export type SandboxKit = typeof import('@consign/platform-sandboxes');

/** Where the server mounts the sandboxes (`/__sandbox/pdd`, `/doudian`, `/alibaba`, `/alipay`). */
export const SANDBOX_MOUNT = '/__sandbox';

/** Loads the sandboxes (sandbox mode only). */
export function loadSandboxes(): Promise<SandboxKit> {
  return import('@consign/platform-sandboxes');
}
