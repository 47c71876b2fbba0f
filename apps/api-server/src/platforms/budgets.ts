import type { Queryable } from '../db/db';
import { HttpProblem } from '../http/respond';
import { RateLimiter } from '../security/rate-limit';

/**
 * Each seller account's budget of outbound platform calls, per kind of call (docs/design.md#platform-call-budgets;
 * docs/api-server/limits.md). Every platform app (拼多多, 抖店, 1688) is one app shared by every account: without a
 * budget, one account calling at will (a loop on 查看完整收货信息, 平台精选, 一键采购 of thousands of orders)
 * spends the app's quota and every other account's calls fail. Each kind is a fixed window per account in
 * `rate_limits` (`RateLimiter`, shared by every instance on the database, PGlite or Postgres), keyed
 * `budget:<kind>:<account>`.
 *
 * What the account has spent: a request is answered 429 {@link BUDGET_SPENT} (with `retry-after`); a
 * background job is deferred to the window's end, not failed (nothing charged, nothing lost).
 */
export const PLATFORM_BUDGETS = {
  /** 1688 offer reads not answered from the shared cache (商品编辑's 货源, 关联货源, 商品复制, 平台精选). */
  offer_read: { calls: 120, windowSeconds: 60 },
  /** 查看完整收货信息: one 拼多多 / 抖店 decrypt call per view. */
  receiver_decrypt: { calls: 30, windowSeconds: 60 },
  /** 1688 calls a seller's request makes for its buyer account: 采购预览, 批量付款's cashier link. */
  supplier_request: { calls: 60, windowSeconds: 60 },
  /** 充值: Alipay's `alipay.trade.query` of a pending top-up a page asks about (past it: our records as they are). */
  payment_query: { calls: 30, windowSeconds: 60 },
  /** 重新回传: each retry sends the shipment to the platform again. */
  writeback_retry: { calls: 60, windowSeconds: 60 },
  /** 一键采购 placed by the purchase job: one per purchase attempt (preview, order, pay: a handful of calls). */
  purchase_place: { calls: 300, windowSeconds: 60 },
  /**
   * 铺货 units per 拼多多 shop, keyed by our shop id (not an account): a unit sends at most one
   * `pdd.goods.add`, which 拼多多 limits to 20 a second per shop (商家限流频次, its API page). Fixed
   * windows let two back to back through in one window's length, so 10 per 1 s keeps any second within 20.
   */
  pdd_publish_shop: { calls: 10, windowSeconds: 1 },
  /** The same for the whole 拼多多 app (key 0): `pdd.goods.add`'s 应用限流频次 is 2000 per 10 s; half of it per window. */
  pdd_publish_app: { calls: 1000, windowSeconds: 10 },
} satisfies Record<string, PlatformBudget>;

export type PlatformBudgetKind = keyof typeof PLATFORM_BUDGETS;

export interface PlatformBudget {
  /** Calls an account may make per window. */
  calls: number;
  windowSeconds: number;
}

/** What a request reads when its account's budget of a kind is spent (429). */
export const BUDGET_SPENT = '操作过于频繁，请稍后再试';

/** The budgets of this server (`PLATFORM_BUDGETS`, some overridden by tests). One per server. */
export class PlatformBudgets {
  readonly budgets: Record<PlatformBudgetKind, PlatformBudget>;
  readonly #limiters: Record<PlatformBudgetKind, RateLimiter>;

  constructor(overrides: Partial<Record<PlatformBudgetKind, Partial<PlatformBudget>>> = {}) {
    const kinds = Object.keys(PLATFORM_BUDGETS) as PlatformBudgetKind[];
    this.budgets = Object.fromEntries(
      kinds.map((kind) => [kind, { ...PLATFORM_BUDGETS[kind], ...overrides[kind] }]),
    ) as Record<PlatformBudgetKind, PlatformBudget>;
    this.#limiters = Object.fromEntries(
      kinds.map((kind) => [
        kind,
        new RateLimiter(this.budgets[kind].calls, this.budgets[kind].windowSeconds),
      ]),
    ) as Record<PlatformBudgetKind, RateLimiter>;
  }

  /** Counts one call of `kind` for the account; false when past its budget (the call must not be made). */
  take(db: Queryable, kind: PlatformBudgetKind, accountId: number, nowS: number): Promise<boolean> {
    return this.#limiters[kind].hit(db, `budget:${kind}:${accountId}`, nowS);
  }

  /** `take` for a request: past the budget, 429 {@link BUDGET_SPENT} with `retry-after`. */
  async spend(db: Queryable, kind: PlatformBudgetKind, accountId: number, nowS: number): Promise<void> {
    if (await this.take(db, kind, accountId, nowS)) return;
    throw new HttpProblem(429, BUDGET_SPENT, { 'retry-after': String(this.budgets[kind].windowSeconds) });
  }

  /** Seconds until the account's window of `kind` ends (how long a deferred job waits), at least 1. */
  async waitSeconds(
    db: Queryable,
    kind: PlatformBudgetKind,
    accountId: number,
    nowS: number,
  ): Promise<number> {
    const [row] = await db.query<{ window_ends_at: number | string }>(
      'SELECT window_ends_at FROM rate_limits WHERE key = $1',
      [`budget:${kind}:${accountId}`],
    );
    return Math.max(1, Number(row?.window_ends_at ?? nowS + 1) - nowS);
  }

  /**
   * SQL that is true when the account (the column `accountColumn`) has spent its budget of `kind` in the
   * current window: a job's claim skips such an account's work until the window ends. `nowParam` and
   * `limitParam` are the placeholders of the caller's now (unix s) and `budgets[kind].calls`.
   */
  static spentSql(
    kind: PlatformBudgetKind,
    accountColumn: string,
    nowParam: string,
    limitParam: string,
  ): string {
    return `EXISTS (SELECT 1 FROM rate_limits b WHERE b.key = 'budget:${kind}:' || ${accountColumn}
      AND b.window_ends_at > ${nowParam} AND b.hits >= ${limitParam})`;
  }
}
