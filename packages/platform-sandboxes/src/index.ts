import { ALIBABA_SANDBOX_APP, AlibabaSandbox } from './alibaba';
import { DOUDIAN_SANDBOX_APP, DoudianSandbox } from './doudian';
import { PDD_SANDBOX_APP, PddSandbox } from './pdd';
import type { PlatformCode, PlatformEndpoints } from './protocol';

export { ALIBABA_SANDBOX_APP, AlibabaSandbox } from './alibaba';
export { ALIPAY_SANDBOX_APP, AlipaySandbox, type AlipaySandboxOptions } from './alipay';
export { DOUDIAN_SANDBOX_APP, type DoudianPush, DoudianSandbox } from './doudian';
export { PDD_SANDBOX_APP, PddSandbox, type PddSandboxOptions } from './pdd';

/** The sandbox apps by the code of the platform they are registered for (`alibaba`: 1688). */
export const SANDBOX_APPS = {
  pinduoduo: PDD_SANDBOX_APP,
  douyin: DOUDIAN_SANDBOX_APP,
  alibaba: ALIBABA_SANDBOX_APP,
};

export interface PlatformSandboxes {
  pdd: PddSandbox;
  doudian: DoudianSandbox;
  /** 1688, the supplier: its purchase orders ship by themselves two minutes after they are placed. */
  alibaba: AlibabaSandbox;
  /** The endpoints of each sandbox when mounted at `base` (`/pdd`, `/doudian`, `/alibaba` under it). */
  endpoints(base: string): Record<PlatformCode, PlatformEndpoints>;
  alibabaEndpoints(base: string): PlatformEndpoints;
  close(): void;
}

/**
 * The sandboxes the server serves for the demo: each knows the sandbox app (`PDD_SANDBOX_APP`,
 * `DOUDIAN_SANDBOX_APP`, whose 抖店 service returns to `doudianCallbackUrl` and whose order messages
 * are pushed to `doudianPushUrl`; the 1688 sandbox's order messages go to `alibabaMessageUrl`) and, every `demoEveryMs`, places an order in each authorised shop (and now
 * and then opens a refund), so that a newcomer sees orders arrive.
 */
export function createSandboxes(
  options: {
    now?: () => number;
    demoEveryMs?: number | false;
    /** The callback of the 抖店 sandbox app's service (the server's `PUBLIC_URL` + its return path). */
    doudianCallbackUrl?: () => string;
    /** The 抖店 sandbox app's 消息推送 URL (the server's `PUBLIC_URL` + its push path): pushes go there. */
    doudianPushUrl?: () => string;
    /** The 1688 sandbox app's 消息服务 URL (the server's `PUBLIC_URL` + its path): order messages go there. */
    alibabaMessageUrl?: () => string;
  } = {},
) {
  const pdd = new PddSandbox({ apps: [PDD_SANDBOX_APP], now: options.now });
  const { doudianCallbackUrl } = options;
  const doudian = new DoudianSandbox({
    apps: [DOUDIAN_SANDBOX_APP],
    now: options.now,
    services: doudianCallbackUrl
      ? [
          {
            serviceId: DOUDIAN_SANDBOX_APP.serviceId,
            appKey: DOUDIAN_SANDBOX_APP.clientId,
            callbackUrl: doudianCallbackUrl,
          },
        ]
      : [],
  });
  if (options.doudianPushUrl) doudian.subscribePushes(DOUDIAN_SANDBOX_APP.clientId, options.doudianPushUrl);
  const alibaba = new AlibabaSandbox({
    apps: [ALIBABA_SANDBOX_APP],
    now: options.now,
    // 密文代发: the sales platform says whether the named app may read the shop's receiver.
    canDecrypt: (platform, appKey, shopId, ciphertexts) =>
      (platform === 'pinduoduo' ? pdd : doudian).canDecryptFor(appKey, shopId, ciphertexts),
  });
  if (options.alibabaMessageUrl)
    alibaba.subscribeMessages(ALIBABA_SANDBOX_APP.clientId, options.alibabaMessageUrl);
  if (options.demoEveryMs !== false) {
    pdd.startDemo(options.demoEveryMs ?? 20_000);
    doudian.startDemo(options.demoEveryMs ?? 20_000);
  }
  const sandboxes: PlatformSandboxes = {
    pdd,
    doudian,
    alibaba,
    endpoints: (base) => ({
      pinduoduo: PddSandbox.endpoints(`${base}/pdd`),
      douyin: DoudianSandbox.endpoints(`${base}/doudian`),
    }),
    alibabaEndpoints: (base) => AlibabaSandbox.endpoints(`${base}/alibaba`),
    close() {
      pdd.stopDemo();
      pdd.closeMessages();
      doudian.stopDemo();
      alibaba.close();
    },
  };
  return sandboxes;
}
