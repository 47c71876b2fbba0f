import type { Queryable } from '../db/db';
import { openShopTokens, type ShopTokens, storeShopTokens } from '../db/shop-tokens';
import type { SecretBox } from '../security/secret-box';
import { type PlatformCode, type PlatformConnector, PlatformError } from './connector';

/** The connector of a platform, or null when the platform is not set up (or disabled). */
export type ConnectorFor = (platform: PlatformCode) => Promise<PlatformConnector | null>;

/**
 * Calls to a platform with a shop's access token (the writeback, 查看完整收货信息): the tokens opened
 * from the database (`openShopTokens`), refreshed first when about to expire and once more when the
 * platform says the token expired, the new ones stored sealed (`storeShopTokens`). One refresh per shop
 * at a time in this process (refresh tokens are single-use); a refresh refused because another process
 * just used the refresh token finds that process's tokens. One instance per server.
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

  private refresh(shopId: number, connector: PlatformConnector, stale: ShopTokens): Promise<ShopTokens> {
    const running = this.#refreshing.get(shopId);
    if (running) return running;
    const refreshing = (async () => {
      const stored = await this.tokens(shopId);
      if (stored && stored.accessToken !== stale.accessToken) return stored;
      try {
        const auth = await connector.refreshToken(stale.refreshToken);
        await storeShopTokens(this.db, this.box, shopId, auth);
        return { ...auth };
      } catch (error) {
        const now = await this.tokens(shopId);
        if (now && now.accessToken !== stale.accessToken) return now;
        throw error;
      }
    })().finally(() => this.#refreshing.delete(shopId));
    this.#refreshing.set(shopId, refreshing);
    return refreshing;
  }
}
