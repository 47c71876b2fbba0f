import type { CurrentUser } from '@consign/api-client';
import type { HttpBindings } from '@hono/node-server';
import type { Db, Queryable } from './db/db';
import type { Change } from './db/log';
import type { Scope } from './db/scope';
import type { ImportReader } from './import-file';
import type { Logger } from './log';
import type { Alipay } from './payments/alipay';
import type { PlatformRegistry } from './platforms/registry';
import type { ConnectorFor, ShopCalls } from './platforms/shop-calls';
import type { CaptchaProvider } from './providers/captcha';
import type { SecretBox } from './security/secret-box';
import type { SmsCodes } from './security/sms-codes';
import type { TokenStore } from './security/tokens';

/** What the routes work with. */
export interface Deps {
  db: Db;
  tokens: TokenStore;
  sms: SmsCodes;
  captcha: CaptchaProvider;
  /** The clock (ms since the epoch). */
  now: () => number;
  log: Logger;
  /**
   * Wakes a kind of background job (`copy`, `export`, `writeback`...: `JobRunner.wake`) after work was
   * queued; a kind not running in this process is ignored.
   */
  wakeJobs: (kind: string) => void;
  /** Calls with a shop's token, refreshing it (发货回传, 查看完整收货信息). */
  shopCalls: ShopCalls;
  /** The connector those calls use: the registry's (`platforms.connector`), or a test's. */
  connectorFor: ConnectorFor;
  /** Reads 导入快递单号 files in worker threads. */
  imports: ImportReader;
  /** Take the client IP from `X-Forwarded-For` (only behind a trusted reverse proxy). */
  trustProxy?: boolean;
  /** `SIGNUP`: `open` (default): an unknown mobile signs up; `closed`: only existing users sign in. */
  signup: 'open' | 'closed';
  /** Seals and opens secrets at rest (`DATA_ENCRYPTION_KEY`): app secrets, shop tokens. */
  secretBox: SecretBox;
  /** The platforms' connectors (platforms/registry.ts). */
  platforms: PlatformRegistry;
  /** Alipay (充值), built once the server listens; null when the server has no Alipay settings. */
  alipay: () => Alipay | null;
  /** `PUBLIC_URL` (default `http://127.0.0.1:<port>`), known once the server listens. */
  publicUrl: () => string;
}

/** Who is calling, set by `authentication` for a signed-in, active user of an active account. */
export interface AuthContext {
  userId: number;
  accountId: number;
  /** `is_manage`: a platform operator (independent of the account role). */
  isOperator: boolean;
}

/** The Hono environment of the API: what the middleware leaves for the routes. */
export interface ApiEnv {
  Bindings: HttpBindings;
  Variables: {
    /** The body's fields as received and signed (JSON object or form fields), set by `signature`. */
    fields: Record<string, unknown>;
    /** The caller, set by `authentication`: null without a valid bearer token. */
    user: CurrentUser | null;
    /** The bearer token as sent (null without one). */
    token: string | null;
    /** The caller's ids (null when not signed in). */
    auth: AuthContext | null;
    /**
     * Set by `authorisation` for a caller without `finance:view` on a route whose answer carries money:
     * `ok()` (http/respond.ts) sends the answer through it (the contract's `money.strip`).
     */
    withoutMoney: ((data: unknown) => unknown) | undefined;
    /**
     * The caller's data boundary: the only way into the business tables (db/scope.ts). Null when not
     * signed in; routes of `user` access read it through `scope(c)` (middleware/authentication.ts).
     * In a labelled call it is bound to the call's transaction (middleware/audit.ts).
     */
    scope: Scope | null;
    /**
     * The database for the platform-wide calls (`database(c)` in middleware/authentication.ts): in a
     * labelled call, the call's transaction (middleware/audit.ts).
     */
    database: Queryable;
    /** What a write changed, for the operation log (middleware/audit.ts `recordChange`). */
    change: Change | undefined;
    /** Set inside a labelled call's transaction: what to run once it committed (`afterCommit`). */
    afterCommit: (() => void)[] | undefined;
    /** Set in a labelled call that commits in parts: one part and its log entry (`logged`). */
    logPart:
      | (<T>(
          work: (tx: Queryable) => Promise<{
            row: T;
            change: Change;
            actor?: { userId: number; accountId: number };
          }>,
        ) => Promise<T>)
      | undefined;
  };
}
