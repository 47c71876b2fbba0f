import { AUTHORISABLE_PLATFORMS } from '@consign/api-client';
import type { Queryable } from '../db/db';
import { appSecretContext, findPlatformApp, platformsWithApps, SUPPLIER_CODE } from '../db/platform-apps';
import type { Logger } from '../log';
import { type SecretBox, SecretBoxError } from '../security/secret-box';
import { AlibabaConnector } from './alibaba';
import { type PlatformBudget, type PlatformBudgetKind, PlatformBudgets } from './budgets';
import type { PlatformCode, PlatformConnector, PlatformEndpoints } from './connector';
import { DoudianConnector } from './doudian';
import { type OfferReadRules, OfferReads } from './offer-reads';
import { PddConnector } from './pdd';

export interface PlatformRegistryOptions {
  db: Queryable;
  /** Opens the apps' secrets (`config.dataKey`); shop tokens are sealed with the same box. */
  box: SecretBox;
  /** Each platform's endpoints (`config.platforms`, or the mounted sandboxes'), read per connector built. */
  endpoints: () => Record<PlatformCode, PlatformEndpoints>;
  /** 1688's endpoints (`config.platforms.alibaba`, or the mounted sandbox's). */
  supplierEndpoints: () => PlatformEndpoints;
  now: () => number;
  log?: Logger;
  /** For tests of a broken platform. */
  fetch?: typeof fetch;
  /** How 1688 offers are read: the cache (platforms/offer-reads.ts). */
  offerReads?: Partial<OfferReadRules>;
  /** Each account's budgets of platform calls, some overridden (platforms/budgets.ts). */
  budgets?: Partial<Record<PlatformBudgetKind, Partial<PlatformBudget>>>;
}

/**
 * The one way to a platform's connector: the server builds one registry at start, the routes (shop
 * authorisation), the order sync and the writeback ask it for `connector(platform)`.
 *
 * `connector` reads the platform's app (db/platform-apps.ts `findPlatformApp`: the platform enabled,
 * its newest active app with a secret) on every call, one indexed query, so that a platform disabled or
 * an app changed in 全局设置 takes effect at once, on every instance. The connector built for an app is
 * kept while the app's row (id, client id, sealed secret, 服务ID) stays the same: a new secret is a new sealed
 * value, hence a new connector.
 */
export class PlatformRegistry {
  readonly box: SecretBox;
  readonly #options: PlatformRegistryOptions;
  readonly #built = new Map<PlatformCode, { key: string; connector: PlatformConnector }>();
  #supplier: { key: string; connector: AlibabaConnector } | null = null;
  /** This process's 1688 offer reads: the rules and the reads in flight (platforms/offer-reads.ts). */
  readonly offerReads: OfferReads;
  /** Each account's budgets of outbound platform calls (platforms/budgets.ts), shared through the database. */
  readonly budgets: PlatformBudgets;

  constructor(options: PlatformRegistryOptions) {
    this.#options = options;
    this.box = options.box;
    this.budgets = new PlatformBudgets(options.budgets);
    this.offerReads = new OfferReads(this.budgets, options.offerReads);
  }

  /**
   * The connector of `platform`, or null when the platform is disabled or has no usable app (none
   * registered, or its secret does not open under this server's key: logged). `db`: a transaction the
   * caller is in (PGlite has one connection: a query outside it would wait for it).
   */
  async connector(
    platform: PlatformCode,
    db: Queryable = this.#options.db,
  ): Promise<PlatformConnector | null> {
    const opened = await this.#openApp(platform, db);
    if (!opened) return null;
    const cached = this.#built.get(platform);
    if (cached?.key === opened.key) return cached.connector;
    const options = {
      app: opened.app,
      endpoints: this.#options.endpoints()[platform],
      now: this.#options.now,
      fetch: this.#options.fetch,
    };
    const connector = platform === 'pinduoduo' ? new PddConnector(options) : new DoudianConnector(options);
    this.#built.set(platform, { key: opened.key, connector });
    return connector;
  }

  /**
   * The 1688 connector (the supplier), or null when 1688 is disabled or has no usable app. Its app is
   * registered like a platform's (全局设置: a platform of code `alibaba`, its app in 平台授权).
   */
  async supplier(db: Queryable = this.#options.db): Promise<AlibabaConnector | null> {
    const opened = await this.#openApp(SUPPLIER_CODE, db);
    if (!opened) return null;
    if (this.#supplier?.key === opened.key) return this.#supplier.connector;
    const connector = new AlibabaConnector({
      app: opened.app,
      endpoints: this.#options.supplierEndpoints(),
      now: this.#options.now,
      fetch: this.#options.fetch,
    });
    this.#supplier = { key: opened.key, connector };
    return connector;
  }

  /** The app of `code` with its secret opened, and the key its connector is kept under. */
  async #openApp(code: PlatformCode | typeof SUPPLIER_CODE, db: Queryable) {
    const app = await findPlatformApp(db, code, this.#nowS());
    if (!app) return null;
    const key = `${app.id}\n${app.clientId}\n${app.sealedSecret}\n${app.serviceId}`;
    try {
      const clientSecret = this.box.open(app.sealedSecret, appSecretContext(app.id));
      return { key, app: { clientId: app.clientId, clientSecret, serviceId: app.serviceId } };
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      this.#options.log?.warn('platform app secret does not open', {
        platform: code,
        platformAuthId: app.id,
        error: error.message,
      });
      return null;
    }
  }

  /** The platforms with a connector that are enabled and have an app: what 添加店铺 offers. */
  enabled(db: Queryable = this.#options.db): Promise<PlatformCode[]> {
    return platformsWithApps(db, AUTHORISABLE_PLATFORMS, this.#nowS());
  }

  #nowS() {
    return Math.floor(this.#options.now() / 1000);
  }
}
