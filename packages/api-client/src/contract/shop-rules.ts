/** The sales platforms, the shops on them and their authorisation. */

/** The sales platforms a shop can live on. */
export const PLATFORMS = ['taobao', 'pinduoduo', 'douyin', 'kuaishou', 'jd'] as const;
/** The platforms a seller can authorise a shop on (添加店铺), those with a connector. */
export const AUTHORISABLE_PLATFORMS = ['pinduoduo', 'douyin'] as const;
/** Whether a shop's platform authorisation lets us pull orders and push goods. */
export const SHOP_AUTH_STATUSES = ['authorized', 'expired', 'unauthorized'] as const;
/**
 * What 店铺设置 shows of a shop (`Shop.state`, computed by the server): `normal` 正常, `expiring`
 * 授权即将过期 (within `SHOP_EXPIRING_DAYS` of `authorised_until`), `expired` 授权已过期,
 * `unauthorized` 未授权 (typed in by hand, never authorised), `disabled` 已停用.
 */
export const SHOP_STATES = ['normal', 'expiring', 'expired', 'unauthorized', 'disabled'] as const;
/**
 * The shops that need the seller (店铺设置's `attention` filter, 工作台's shop counts): `reauthorise`
 * 需重新授权, an enabled shop whose `state` is `expired` or `expiring`; `sync_failed` 同步失败, an
 * enabled shop whose last order sync failed (`sync.last_error` set).
 */
export const SHOP_ATTENTIONS = ['reauthorise', 'sync_failed'] as const;
export type ShopAttention = (typeof SHOP_ATTENTIONS)[number];
export const SHOP_ATTENTION_LABELS = {
  reauthorise: '需重新授权',
  sync_failed: '同步失败',
} as const satisfies Record<ShopAttention, string>;
/** How many days before its authorisation ends a shop shows 授权即将过期. */
export const SHOP_EXPIRING_DAYS = 7;
/** A platform's open-platform app (平台授权): `active` 正常, `expired` 已过期, `revoked` 已撤销. */
export const PLATFORM_AUTH_STATUSES = ['active', 'expired', 'revoked'] as const;
/** 消息未达时的兜底同步间隔 (代发设置), in minutes: how often orders are pulled when no message came. */
export const SYNC_INTERVALS = [5, 15, 30, 60] as const;
/** A shop's authorisation is "about to expire" this many days ahead (the sweep notifies once). */
export const AUTH_EXPIRY_WARNING_DAYS = 7;
