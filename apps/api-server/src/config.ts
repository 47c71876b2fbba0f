import { createPrivateKey, createPublicKey } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { type LogLevel, parseLogLevel } from './log';
import { parseCspOrigins } from './middleware/security-headers';
import { DEFAULT_DATA_DIR } from './paths';
import { ALIPAY_GATEWAY, type AlipaySettings } from './payments/alipay';
import { DEV_APP_PRIVATE_KEY, DEV_SANDBOX_PUBLIC_KEY } from './payments/alipay-dev-keys';
import { ALIBABA_DEFAULTS } from './platforms/alibaba';
import type { PlatformEndpoints } from './platforms/connector';
import { DOUDIAN_DEFAULTS } from './platforms/doudian';
import { PDD_DEFAULTS } from './platforms/pdd';
import { DEV_DATA_KEY, parseDataKey } from './security/secret-box';

/**
 * The server's configuration, read from the environment in one place, before anything is opened.
 * `readConfig` never throws: it returns every problem it found, and main.ts prints them as one error
 * and exits. With `NODE_ENV=production` the development defaults are problems too (docs/design.md
 * section 10): the default signing secret, the console SMS provider (its codes are readable at
 * `/__dev/sms`) and the dev captcha (it passes the public ticket `dev-ticket`).
 */

/** `SHOP_SYNC_FALLBACK_SECONDS` and `SUPPLIER_FOLLOW_SECONDS` when unset: 5 minutes. */
export const DEFAULT_FALLBACK_SECONDS = 300;

/** The development signing secret, also built into the admin app by default. */
export const DEV_SIGN_SECRET = 'consign-dev-secret';

/** The shortest `API_SIGN_SECRET` production accepts (the HMAC's key; 32 bytes as its output). */
export const MIN_SIGN_SECRET_BYTES = 32;

/** Where a Tencent Cloud API is reached: the SDK's `httpProfile.protocol` and `httpProfile.endpoint`. */
export interface TencentEndpoint {
  /** `https://` (or `http://` for a local fake). */
  protocol: 'https://' | 'http://';
  /** Host and optional port, e.g. `sms.tencentcloudapi.com` or `127.0.0.1:9000`. */
  host: string;
}

export interface TencentSmsSettings {
  secretId: string;
  secretKey: string;
  /** `TENCENT_SMS_REGION`, e.g. `ap-guangzhou`. */
  region: string;
  /** The SMS application's SdkAppId (`1400...`). */
  sdkAppId: string;
  /** The approved signature (签名内容, not its id). */
  signName: string;
  /** The approved template, with one parameter `{1}`: the code. */
  templateId: string;
  endpoint: TencentEndpoint;
}

export interface TencentCaptchaSettings {
  secretId: string;
  secretKey: string;
  /** The captcha's CaptchaAppId (the same id the admin app is built with as `VITE_CAPTCHA_APP_ID`). */
  appId: number;
  /** The captcha's AppSecretKey. */
  appSecretKey: string;
  endpoint: TencentEndpoint;
}

export type SmsSettings = { provider: 'console' } | ({ provider: 'tencent' } & TencentSmsSettings);
export type CaptchaSettings = { provider: 'dev' } | ({ provider: 'tencent' } & TencentCaptchaSettings);

export interface ServerConfig {
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  secret: string;
  staticDir: string | undefined;
  /** `EXPORT_DIR`: where export files go (default: see `ServerOptions.exportDir`). */
  exportDir: string | undefined;
  logLevel: LogLevel;
  trustProxy: boolean;
  signup: 'open' | 'closed';
  /** `API_MAX_IN_FLIGHT` (default: see `ServerOptions.maxInFlight`). */
  maxInFlight: number | undefined;
  /** `API_QUEUE` (default 1000). */
  apiQueue: number | undefined;
  /**
   * `SHOP_SYNC_FALLBACK_SECONDS` (default 300): the order sync as the safety net of the platforms'
   * messages: a shop is synced at least this often, or at its account's longer 订单同步间隔.
   */
  shopSyncFallbackSeconds: number;
  /** `SUPPLIER_FOLLOW_SECONDS` (default 300): how often a placed 1688 purchase is looked at. */
  supplierFollowSeconds: number;
  sms: SmsSettings;
  captcha: CaptchaSettings;
  platforms: PlatformSettings;
  /** `DATA_ENCRYPTION_KEY` (32 bytes); outside production without it, the public `DEV_DATA_KEY`. */
  dataKey: Buffer;
  /**
   * `PUBLIC_URL`: the admin app's origin as the browser reaches it (the platforms send sellers back to
   * `<PUBLIC_URL>/shop/authorised/<platform>` after authorising a shop). Required in production; unset
   * outside it: `http://127.0.0.1:$PORT`.
   */
  publicUrl: string | undefined;
  /**
   * Alipay (充值): `'sandbox'` outside production without `ALIPAY_*` (the server serves and uses the
   * Alipay sandbox with the development keys), else the app's settings.
   */
  alipay: AlipaySettings | 'sandbox';
}

/** The sales platforms' endpoints (docs/api-server/platforms.md). */
export interface PlatformSettings {
  /**
   * `PLATFORM_SANDBOX` (default on outside production, refused in production): the server serves the
   * local sandboxes under `/__sandbox/` and the connectors talk to them instead of the endpoints below.
   */
  sandbox: boolean;
  pdd: PlatformEndpoints;
  doudian: PlatformEndpoints;
  /** 1688, the supplier (`ALIBABA_GATEWAY_URL`, `ALIBABA_AUTH_URL`). */
  alibaba: PlatformEndpoints;
}

export const TENCENT_DEFAULTS = {
  smsEndpoint: 'sms.tencentcloudapi.com',
  smsRegion: 'ap-guangzhou',
  captchaEndpoint: 'captcha.tencentcloudapi.com',
} as const;

/** This machine: 127.0.0.0/8 and ::1 (IPv4-mapped ones included: `BlockList` matches `::ffff:127.0.0.1`). */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Addresses that are not a host on the internet: this machine, the unspecified address, private and
 * shared (carrier NAT) networks, link-local, multicast and reserved (IANA special-purpose registries).
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** A URL's `hostname` as an address or a name: without IPv6 brackets or a trailing dot, lower case. */
function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** `localhost` and its subdomains (RFC 6761: always this machine). */
const isLocalhostName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** Whether a URL's hostname is this machine (a loopback address or a `localhost` name). */
export function isLoopbackHost(hostname: string): boolean {
  const host = bareHost(hostname);
  const family = isIP(host);
  if (family === 0) return isLocalhostName(host);
  return LOOPBACK.check(host, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Whether a URL's hostname is not a host on the internet: this machine, the unspecified address, a
 * private or link-local network (IPv4-mapped IPv6 addresses included). The WHATWG URL parser has
 * already turned `2130706433` or `0x7f.1` into `127.0.0.1`. A name other than `localhost` is taken
 * as given (it is resolved when called, not here).
 */
export function isLocalHost(hostname: string): boolean {
  const host = bareHost(hostname);
  const family = isIP(host);
  if (family === 0) return isLocalhostName(host);
  return NOT_PUBLIC.check(host, family === 6 ? 'ipv6' : 'ipv4');
}

function isBareOrigin(url: URL): boolean {
  return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
}

/**
 * `TENCENT_*_ENDPOINT`: a host (`sms.ap-guangzhou.tencentcloudapi.com`, https) or an http(s) URL
 * without a path. Plain http only to a loopback address (a local fake), never across a network.
 */
function parseEndpoint(name: string, value: string, problems: string[]): TencentEndpoint {
  const withScheme = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  const parsed = URL.canParse(withScheme) ? new URL(withScheme) : null;
  if (!parsed || !isBareOrigin(parsed)) {
    problems.push(`${name}=${value} is not a host or an http(s) URL without a path.`);
    return { protocol: 'https://', host: value };
  }
  if (parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname)) {
    problems.push(`${name}=${value}: plain http is allowed only to a loopback address; use https.`);
  }
  return { protocol: parsed.protocol === 'http:' ? 'http://' : 'https://', host: parsed.host };
}

export function readConfig(env: NodeJS.ProcessEnv): { config: ServerConfig; problems: string[] } {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';
  const value = (name: string) => env[name]?.trim() || undefined;
  /** Variables a chosen provider needs but are missing, with who needs them (reported once each). */
  const missing = new Map<string, string[]>();
  const required = (name: string, because: string) => {
    const found = value(name);
    if (!found) missing.set(name, [...(missing.get(name) ?? []), because]);
    return found ?? '';
  };

  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`PORT=${env.PORT} is not a port number.`);

  /** A whole number from `min` up, or undefined when unset. */
  const count = (name: string, min: number): number | undefined => {
    const raw = value(name);
    if (raw === undefined) return undefined;
    const parsed = Number(raw);
    if (!/^[0-9]+$/.test(raw) || parsed < min || parsed > 100_000) {
      problems.push(`${name}=${raw} is not a whole number from ${min} to 100000.`);
      return undefined;
    }
    return parsed;
  };
  const maxInFlight = count('API_MAX_IN_FLIGHT', 1);
  const apiQueue = count('API_QUEUE', 0);
  /** A whole number of seconds from 60 to a day, `fallback` when unset. */
  const seconds = (name: string, fallback: number): number => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    if (!/^[0-9]+$/.test(raw) || Number(raw) < 60 || Number(raw) > 86_400) {
      problems.push(`${name}=${raw} is not a whole number of seconds from 60 to 86400.`);
      return fallback;
    }
    return Number(raw);
  };
  const shopSyncFallbackSeconds = seconds('SHOP_SYNC_FALLBACK_SECONDS', DEFAULT_FALLBACK_SECONDS);
  const supplierFollowSeconds = seconds('SUPPLIER_FOLLOW_SECONDS', DEFAULT_FALLBACK_SECONDS);

  const signup = env.SIGNUP ?? 'open';
  if (signup !== 'open' && signup !== 'closed')
    problems.push(`SIGNUP=${env.SIGNUP} is not "open" or "closed".`);

  const secret = env.API_SIGN_SECRET || DEV_SIGN_SECRET;
  if (production && secret === DEV_SIGN_SECRET) {
    problems.push(
      'API_SIGN_SECRET is unset or the development default: set a random secret of your own ' +
        '(and build the admin app with the same VITE_API_SIGN_SECRET).',
    );
  } else if (production && Buffer.byteLength(secret) < MIN_SIGN_SECRET_BYTES) {
    problems.push(
      `API_SIGN_SECRET is ${Buffer.byteLength(secret)} bytes: production needs at least ${MIN_SIGN_SECRET_BYTES}, ` +
        'e.g. `openssl rand -base64 32` (and the admin app built with the same VITE_API_SIGN_SECRET).',
    );
  }

  let captchaOrigins: string[] = [];
  try {
    captchaOrigins = parseCspOrigins(env.CSP_CAPTCHA_ORIGINS);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }

  let sms: SmsSettings = { provider: 'console' };
  const smsProvider = env.SMS_PROVIDER ?? 'console';
  if (smsProvider === 'tencent') {
    const because = 'SMS_PROVIDER=tencent';
    sms = {
      provider: 'tencent',
      secretId: required('TENCENT_SECRET_ID', because),
      secretKey: required('TENCENT_SECRET_KEY', because),
      region: value('TENCENT_SMS_REGION') ?? TENCENT_DEFAULTS.smsRegion,
      sdkAppId: required('TENCENT_SMS_SDK_APP_ID', because),
      signName: required('TENCENT_SMS_SIGN_NAME', because),
      templateId: required('TENCENT_SMS_TEMPLATE_ID', because),
      endpoint: parseEndpoint(
        'TENCENT_SMS_ENDPOINT',
        value('TENCENT_SMS_ENDPOINT') ?? TENCENT_DEFAULTS.smsEndpoint,
        problems,
      ),
    };
  } else if (smsProvider === 'console') {
    if (production) {
      problems.push(
        'SMS_PROVIDER is console (the default): it prints login codes and serves them at /__dev/sms. ' +
          'Set SMS_PROVIDER=tencent with the TENCENT_SMS_* variables.',
      );
    }
  } else {
    problems.push(`SMS_PROVIDER=${smsProvider} is not "console" or "tencent".`);
  }

  let captcha: CaptchaSettings = { provider: 'dev' };
  const captchaProvider = env.CAPTCHA_PROVIDER ?? 'dev';
  if (captchaProvider === 'tencent') {
    const because = 'CAPTCHA_PROVIDER=tencent';
    const appId = required('TENCENT_CAPTCHA_APP_ID', because);
    if (appId && !/^[1-9][0-9]{0,15}$/.test(appId)) {
      problems.push(`TENCENT_CAPTCHA_APP_ID=${appId} is not a number (the CaptchaAppId).`);
    }
    captcha = {
      provider: 'tencent',
      secretId: required('TENCENT_SECRET_ID', because),
      secretKey: required('TENCENT_SECRET_KEY', because),
      appId: Number(appId),
      appSecretKey: required('TENCENT_CAPTCHA_APP_SECRET_KEY', because),
      endpoint: parseEndpoint(
        'TENCENT_CAPTCHA_ENDPOINT',
        value('TENCENT_CAPTCHA_ENDPOINT') ?? TENCENT_DEFAULTS.captchaEndpoint,
        problems,
      ),
    };
    if (production && captchaOrigins.length === 0) {
      problems.push(
        'CSP_CAPTCHA_ORIGINS is not set: the browser would block the captcha script. Set it to ' +
          '"https://turing.captcha.qcloud.com https://turing.captcha.gtimg.com".',
      );
    }
  } else if (captchaProvider === 'dev') {
    if (production) {
      problems.push(
        'CAPTCHA_PROVIDER is dev (the default): it passes anyone who sends the ticket "dev-ticket". ' +
          'Set CAPTCHA_PROVIDER=tencent with the TENCENT_CAPTCHA_* variables.',
      );
    }
  } else {
    problems.push(`CAPTCHA_PROVIDER=${captchaProvider} is not "dev" or "tencent".`);
  }

  const platforms = readPlatforms(env, production, problems);

  let dataKey: Buffer = DEV_DATA_KEY;
  const dataKeyText = value('DATA_ENCRYPTION_KEY');
  if (dataKeyText) {
    try {
      dataKey = parseDataKey(dataKeyText);
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  } else if (production) {
    problems.push(
      'DATA_ENCRYPTION_KEY is not set: platform secrets and shop tokens are encrypted with it. ' +
        'Set 32 random bytes, e.g. `openssl rand -base64 32`, and keep it safe (without it they cannot be read).',
    );
  }

  const publicUrl = readPublicUrl(value('PUBLIC_URL'), production, problems);
  const alipay = readAlipay(value, production, problems);

  for (const [name, needers] of missing) {
    problems.push(
      `${name} is not set (${needers.join(' and ')} ${needers.length > 1 ? 'need' : 'needs'} it).`,
    );
  }

  return {
    config: {
      production,
      port,
      host: env.HOST ?? '127.0.0.1',
      dataDir: env.DATA_DIR ?? DEFAULT_DATA_DIR,
      databaseUrl: env.DATABASE_URL || undefined,
      secret,
      staticDir: env.STATIC_DIR ?? undefined,
      exportDir: value('EXPORT_DIR'),
      logLevel: parseLogLevel(env.LOG_LEVEL, 'info'),
      trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
      signup: signup === 'closed' ? 'closed' : 'open',
      maxInFlight,
      apiQueue,
      shopSyncFallbackSeconds,
      supplierFollowSeconds,
      sms,
      captcha,
      platforms,
      dataKey,
      publicUrl,
      alipay,
    },
    problems,
  };
}

/**
 * `PUBLIC_URL`: an http(s) origin (no path, query or credentials); required and https in production (the
 * OAuth return address); no trailing `/`.
 */
function readPublicUrl(
  given: string | undefined,
  production: boolean,
  problems: string[],
): string | undefined {
  if (!given) {
    if (production) {
      problems.push(
        'PUBLIC_URL is not set: the platforms send sellers back to <PUBLIC_URL>/shop/authorised/<platform> after ' +
          'authorising a shop. Set the https origin browsers reach the admin app at, e.g. https://erp.example.com.',
      );
    }
    return undefined;
  }
  const url = URL.canParse(given) ? new URL(given) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !isBareOrigin(url)) {
    problems.push(`PUBLIC_URL=${given} is not an http(s) origin such as https://erp.example.com (no path).`);
    return undefined;
  }
  if (production && url.protocol !== 'https:') {
    problems.push(`PUBLIC_URL=${given}: production needs https (the platforms return sellers to it).`);
  }
  return url.origin;
}

/**
 * `ALIPAY_APP_ID`, `ALIPAY_PRIVATE_KEY` (the app's, PKCS8 PEM or its base64 body), `ALIPAY_PUBLIC_KEY`
 * (Alipay's) and `ALIPAY_GATEWAY` (default Alipay's). None set outside production: the sandbox. In
 * production all three keys are required, and the sandbox (a loopback gateway, the development keys)
 * is refused.
 */
function readAlipay(
  value: (name: string) => string | undefined,
  production: boolean,
  problems: string[],
): AlipaySettings | 'sandbox' {
  const appId = value('ALIPAY_APP_ID');
  const privateKey = value('ALIPAY_PRIVATE_KEY');
  const alipayPublicKey = value('ALIPAY_PUBLIC_KEY');
  const gateway = value('ALIPAY_GATEWAY') ?? ALIPAY_GATEWAY;
  if (!production && !appId && !privateKey && !alipayPublicKey && !value('ALIPAY_GATEWAY')) return 'sandbox';
  const missing = Object.entries({
    ALIPAY_APP_ID: appId,
    ALIPAY_PRIVATE_KEY: privateKey,
    ALIPAY_PUBLIC_KEY: alipayPublicKey,
  })
    .filter(([, given]) => !given)
    .map(([name]) => name);
  if (missing.length > 0) {
    problems.push(
      `${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set: 充值 pays through Alipay with the app's keys (RSA2) and Alipay's public key.`,
    );
  }
  const url = URL.canParse(gateway) ? new URL(gateway) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    problems.push(`ALIPAY_GATEWAY=${gateway} is not an http(s) URL.`);
  } else if (
    production &&
    (isLocalHost(url.hostname) || url.protocol !== 'https:' || /sandbox/i.test(url.hostname))
  ) {
    problems.push(
      `ALIPAY_GATEWAY=${gateway} is a sandbox, a local address or not https: production pays through Alipay's gateway (${ALIPAY_GATEWAY}).`,
    );
  } else if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    problems.push(`ALIPAY_GATEWAY=${gateway}: plain http is allowed only to a loopback address; use https.`);
  }
  /** A key's base64 body: without its PEM lines, whitespace or escaped newlines (a literal `\n` in an env file). */
  const squash = (key: string | undefined) =>
    (key ?? '').replaceAll('\\n', '').replace(/-----[A-Z ]+-----|\s/g, '');
  // The SDK (keyType PKCS8) re-wraps the private key's body as `BEGIN PRIVATE KEY` and Alipay's as
  // `BEGIN PUBLIC KEY`: check that they parse so, as RSA keys (RSA2), now rather than at the first 充值.
  const rsaKey = (body: string, kind: 'PRIVATE KEY' | 'PUBLIC KEY') => {
    try {
      const pemText = `-----BEGIN ${kind}-----\n${body}\n-----END ${kind}-----`;
      const key = kind === 'PRIVATE KEY' ? createPrivateKey(pemText) : createPublicKey(pemText);
      return key.asymmetricKeyType === 'rsa';
    } catch {
      return false;
    }
  };
  if (privateKey && !rsaKey(squash(privateKey), 'PRIVATE KEY')) {
    problems.push(
      'ALIPAY_PRIVATE_KEY is not an RSA private key in PKCS8 (`-----BEGIN PRIVATE KEY-----` or its base64 body). ' +
        'Convert a PKCS1 key (`BEGIN RSA PRIVATE KEY`) with `openssl pkcs8 -topk8 -nocrypt -in app.pem`.',
    );
  }
  if (alipayPublicKey && !rsaKey(squash(alipayPublicKey), 'PUBLIC KEY')) {
    problems.push(
      "ALIPAY_PUBLIC_KEY is not an RSA public key (Alipay's public key: `-----BEGIN PUBLIC KEY-----` or its base64 body).",
    );
  }
  if (
    production &&
    (squash(privateKey) === squash(DEV_APP_PRIVATE_KEY) ||
      squash(alipayPublicKey) === squash(DEV_SANDBOX_PUBLIC_KEY))
  ) {
    problems.push(
      'ALIPAY_PRIVATE_KEY or ALIPAY_PUBLIC_KEY is the public development key of the Alipay sandbox.',
    );
  }
  const pem = (key: string, kind: string) =>
    key.includes('-----BEGIN')
      ? key.replaceAll('\\n', '\n')
      : `-----BEGIN ${kind}-----\n${key}\n-----END ${kind}-----`;
  return {
    appId: appId ?? '',
    privateKey: pem(privateKey ?? '', 'PRIVATE KEY'),
    alipayPublicKey: pem(alipayPublicKey ?? '', 'PUBLIC KEY'),
    gateway,
  };
}

const PLATFORM_URLS = {
  PDD_GATEWAY_URL: PDD_DEFAULTS.gatewayUrl,
  PDD_AUTH_URL: PDD_DEFAULTS.authUrl,
  DOUDIAN_GATEWAY_URL: DOUDIAN_DEFAULTS.gatewayUrl,
  DOUDIAN_AUTH_URL: DOUDIAN_DEFAULTS.authUrl,
  ALIBABA_GATEWAY_URL: ALIBABA_DEFAULTS.gatewayUrl,
  ALIBABA_AUTH_URL: ALIBABA_DEFAULTS.authUrl,
} as const;

/**
 * The platforms' endpoints: absolute http(s) URLs, plain http only to a loopback address; production
 * refuses the sandbox, plain http and any address on this machine or a local network (a sandbox or a
 * fake: `isLocalHost`), so it only ever talks to a real platform.
 */
function readPlatforms(env: NodeJS.ProcessEnv, production: boolean, problems: string[]): PlatformSettings {
  const sandboxText = env.PLATFORM_SANDBOX?.trim() ?? '';
  let sandbox = !production;
  if (/^(1|true|on)$/i.test(sandboxText)) sandbox = true;
  else if (/^(0|false|off)$/i.test(sandboxText)) sandbox = false;
  else if (sandboxText) problems.push(`PLATFORM_SANDBOX=${sandboxText} is not 1 or 0.`);
  if (production && sandbox) {
    problems.push('PLATFORM_SANDBOX is on: production never talks to the local platform sandboxes.');
  }

  const urls = {} as Record<keyof typeof PLATFORM_URLS, string>;
  for (const [name, fallback] of Object.entries(PLATFORM_URLS) as [keyof typeof PLATFORM_URLS, string][]) {
    const given = env[name]?.trim();
    urls[name] = given || fallback;
    if (!given) continue;
    if (sandbox) {
      problems.push(
        `${name} is set while PLATFORM_SANDBOX is on (the default outside production); set PLATFORM_SANDBOX=0 to use it.`,
      );
      continue;
    }
    const url = URL.canParse(given) ? new URL(given) : null;
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
      problems.push(`${name}=${given} is not an http(s) URL.`);
    } else if (production && isLocalHost(url.hostname)) {
      problems.push(
        `${name}=${given} points at this machine or a local network (a sandbox or a fake): production talks to the real platform.`,
      );
    } else if (production && url.protocol !== 'https:') {
      problems.push(`${name}=${given}: production talks to the platform over https only.`);
    } else if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      problems.push(`${name}=${given}: plain http is allowed only to a loopback address; use https.`);
    }
  }
  return {
    sandbox,
    pdd: {
      gatewayUrl: urls.PDD_GATEWAY_URL,
      authUrl: urls.PDD_AUTH_URL,
      messageUrl: readPddMessageUrl(env, sandbox, production, problems),
    },
    doudian: { gatewayUrl: urls.DOUDIAN_GATEWAY_URL, authUrl: urls.DOUDIAN_AUTH_URL },
    alibaba: { gatewayUrl: urls.ALIBABA_GATEWAY_URL, authUrl: urls.ALIBABA_AUTH_URL },
  };
}

/**
 * `PDD_MESSAGE_URL`: 拼多多 消息服务's WebSocket (default `wss://message-api.pinduoduo.com/message`);
 * `ws:` only to a loopback address, never in production; like the other URLs, not with the sandbox.
 */
function readPddMessageUrl(
  env: NodeJS.ProcessEnv,
  sandbox: boolean,
  production: boolean,
  problems: string[],
): string {
  const given = env.PDD_MESSAGE_URL?.trim();
  if (!given) return PDD_DEFAULTS.messageUrl;
  const url = URL.canParse(given) ? new URL(given) : null;
  if (sandbox) {
    problems.push('PDD_MESSAGE_URL is set while PLATFORM_SANDBOX is on; set PLATFORM_SANDBOX=0 to use it.');
  } else if (!url || (url.protocol !== 'wss:' && url.protocol !== 'ws:') || url.username || url.password) {
    problems.push(`PDD_MESSAGE_URL=${given} is not a ws(s) URL.`);
  } else if (production && (isLocalHost(url.hostname) || url.protocol !== 'wss:')) {
    problems.push(`PDD_MESSAGE_URL=${given}: production talks to the real platform over wss only.`);
  } else if (url.protocol === 'ws:' && !isLoopbackHost(url.hostname)) {
    problems.push(`PDD_MESSAGE_URL=${given}: plain ws is allowed only to a loopback address; use wss.`);
  }
  return given;
}

/** The one error main.ts prints when `readConfig` found problems. */
export function configError(problems: readonly string[], production: boolean): string {
  return [
    production
      ? 'Consign refuses to start in production (NODE_ENV=production):'
      : 'Consign cannot start with this configuration:',
    ...problems.map((problem) => `  - ${problem}`),
    'See "Production configuration" in README.md. Nothing was opened.',
  ].join('\n');
}
