import type { Queryable } from '../db/db';
import { openShopTokens, type ShopTokens, storeShopTokens } from '../db/shop-tokens';
import type { SecretBox } from '../security/secret-box';
import {
  type PlatformCode,
  type PlatformConnector,
  PlatformError,
  type ShopAuthorisation,
} from './connector';
import { withFreshToken } from './fresh-token';

/** The connector of a platform, or null when the platform is not set up (or disabled). */
export type ConnectorFor = (platform: PlatformCode) => Promise<PlatformConnector | null>;

/**
 * Calls to a platform with a shop's access token (the writeback, 查看完整收货信息): the tokens opened
 * from the database (`openShopTokens`), refreshed first when about to expire and once more when the
 * platform says the token expired, through `refreshShopTokens` (below, as the sync does: a
 * refused refresh makes the shop 授权已过期). One refresh per shop at a time in this process (refresh
 * tokens are single-use); a refresh refused because another process just used the refresh token finds
 * that process's tokens. One instance per server.
 */
export class ShopCalls {
  readonly #refreshing = new Map<number, Promise<ShopTokens>>();

  constructor(
    private readonly db: Queryable,
    private readonly box: SecretBox,
    private readonly now: () => number,
  ) {}

  /** The shop's tokens, or null when it has none (never authorised). */
  tokens(shopId: number): Promise<ShopTokens | null> {
    return openShopTokens(this.db, this.box, shopId);
  }

  /**
   * Runs `call` with the shop's access token, refreshing it first when about to expire, and once more
   * when the platform says it expired (`withFreshToken`).
   */
  async withToken<T>(
    shopId: number,
    connector: PlatformConnector,
    tokens: ShopTokens,
    call: (token: string) => Promise<T>,
  ): Promise<T> {
    let current = tokens;
    if (current.expiresAt !== null && current.expiresAt <= Math.floor(this.now() / 1000) + 60) {
      current = await this.refresh(shopId, connector, current);
    }
    return withFreshToken(current.accessToken, call, async () => {
      current = await this.refresh(shopId, connector, current);
      return current.accessToken;
    });
  }

  /** `refreshShopTokens` (the one refresh, which marks a refused one 授权已过期), one per shop at a time. */
  private refresh(shopId: number, connector: PlatformConnector, stale: ShopTokens): Promise<ShopTokens> {
    const running = this.#refreshing.get(shopId);
    if (running) return running;
    const refreshing = refreshShopTokens(this.db, this.box, connector, shopId, stale).finally(() =>
      this.#refreshing.delete(shopId),
    );
    this.#refreshing.set(shopId, refreshing);
    return refreshing;
  }
}

/**
 * Refreshes shop `shopId`'s tokens through its platform and stores them; returns the new tokens. The one
 * way every caller (the sync, the writeback, 查看完整收货信息) refreshes a shop's tokens.
 *
 * Refresh tokens are single-use: when another worker (the sync, a writeback, another instance) has
 * stored new tokens since `stale` was read, those are returned instead (before calling, and when the
 * platform refuses or fails). A refusal otherwise is the connector's `PlatformError` of kind `auth`: the
 * authorisation is lost, so the shop is marked 授权已过期 (`auth_status = 'expired'`: not synced nor
 * written back until the seller re-authorises) and the error is thrown on.
 */
export async function refreshShopTokens(
  db: Queryable,
  box: SecretBox,
  connector: Pick<PlatformConnector, 'refreshToken'>,
  shopId: number,
  stale: ShopTokens,
): Promise<ShopTokens> {
  const stored = await openShopTokens(db, box, shopId);
  if (stored && stored.accessToken !== stale.accessToken) return stored;
  let auth: ShopAuthorisation;
  try {
    auth = await connector.refreshToken(stale.refreshToken);
  } catch (error) {
    const current = await openShopTokens(db, box, shopId);
    if (current && current.accessToken !== stale.accessToken) return current;
    if (error instanceof PlatformError && error.kind === 'auth') {
      await db.query(
        "UPDATE shops SET auth_status = 'expired' WHERE id = $1 AND auth_status = 'authorized'",
        [shopId],
      );
    }
    throw error;
  }
  await storeShopTokens(db, box, shopId, auth);
  return {
    accessToken: auth.accessToken,
    refreshToken: auth.refreshToken,
    expiresAt: auth.expiresAt,
    refreshExpiresAt: auth.refreshExpiresAt ?? stale.refreshExpiresAt,
  };
}
