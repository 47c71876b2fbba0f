import type { Queryable } from '../db/db';
import { openShopTokens, refreshShopTokens, type ShopTokens } from '../db/shop-tokens';
import type { SecretBox } from '../security/secret-box';
import { type PlatformCode, type PlatformConnector, PlatformError } from './connector';

/** The connector of a platform, or null when the platform is not set up (or disabled). */
export type ConnectorFor = (platform: PlatformCode) => Promise<PlatformConnector | null>;

/**
 * Calls to a platform with a shop's access token (the writeback, 查看完整收货信息): the tokens opened
 * from the database (`openShopTokens`), refreshed first when about to expire and once more when the
 * platform says the token expired, through `refreshShopTokens` (db/shop-tokens.ts, as the sync does: a
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

  /** Runs `call` with the shop's access token, refreshing it first when expired (or when told so). */
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
    try {
      return await call(current.accessToken);
    } catch (error) {
      if (!(error instanceof PlatformError) || error.kind !== 'token_expired') throw error;
      current = await this.refresh(shopId, connector, current);
      return call(current.accessToken);
    }
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
