import {
  type Page,
  SHOP_EXPIRING_DAYS,
  type Shop,
  type ShopGroup,
  type ShopState,
} from '@consign/api-client';
import type { BodyOf } from '../contract';
import { ApiRefusal, HttpProblem } from '../http/respond';
import type { ShopAuthorisation } from '../platforms/connector';
import type { SecretBox } from '../security/secret-box';
import { DB_NOW_S } from './lease';
import { BY_ID, Filters, likePattern, page } from './list';
import type { Change } from './log';
import { inShops, notFound, type Scope, shopFilter, staleRecord } from './scope';
import { SHOP_SYNC_SELECT, type ShopSyncRow, SYNC_RULES, shopSyncOf } from './shop-sync';
import { storeShopTokens } from './shop-tokens';

/**
 * 实时 or 轮询: whether the shop's orders arrive by its platform's messages (the sync stays the safety
 * net); only for an authorised shop. 拼多多 (jobs/pdd-messages.ts): the shop is permitted on 消息服务
 * and an instance holds its app's connection (the lease, given back when the connection closes; a dead
 * holder's runs out within its 30 s). 抖店 (routes/platform-events.ts): the platform pushes, so no
 * connection tells; `app_pushed_at` is the app's last recorded push (of any of its shops: its push URL
 * is set and reaches us; migration 0063's index), 实时 within the sync's fallback interval of it
 * (`withState`, on the server's clock that recorded it). With it, the time of the shop's last platform
 * message (migration 0051's index).
 */
const SHOP_MESSAGES_SELECT = `CASE WHEN s.platform = 'pinduoduo' AND s.pmc_permitted_at IS NOT NULL AND s.auth_status = 'authorized'
    AND EXISTS (SELECT 1 FROM rate_limits r WHERE r.key = 'pdd-messages:' || s.platform_app_key
      AND r.window_ends_at > ${DB_NOW_S})
  THEN 'live' ELSE 'polling' END AS message_channel,
  CASE WHEN s.platform = 'douyin' AND s.auth_status = 'authorized' THEN
    (SELECT max(e.received_at) FROM platform_events e WHERE e.platform = 'douyin' AND e.app_key = s.platform_app_key)
  END AS app_pushed_at,
  (SELECT max(e.received_at) FROM platform_events e
    WHERE e.platform = s.platform AND e.platform_shop_id = s.platform_shop_id) AS last_event_at`;

const SHOP_SELECT = `s.id, s.name, s.platform, s.platform_shop_id, s.group_id, COALESCE(g.name, '') AS group_name,
  s.auth_status, s.auth_expires_at, s.refresh_expires_at, s.disabled_at,
  (SELECT count(*)::int FROM goods WHERE goods.shop_id = s.id) AS goods_count, s.created_at, s.version,
  ${SHOP_SYNC_SELECT}, ${SHOP_MESSAGES_SELECT}`;

type ShopRow = Omit<Shop, 'state' | 'authorised_until' | 'sync'> & {
  refresh_expires_at: number | null;
  app_pushed_at: number | string | null;
} & ShopSyncRow;

/**
 * What 店铺设置 shows of a shop (`Shop.state`), computed here once: 已停用 when `disabled_at` is set;
 * 未授权 and 授权已过期 as `auth_status` says (the sync marks a refused refresh `expired`); otherwise by
 * `authorised_until`, when the seller must authorise again: past it 授权已过期, within
 * `SHOP_EXPIRING_DAYS` 授权即将过期, else 正常. For a shop authorised on its platform that is the
 * refresh token's expiry (the sync renews the access token before it ends; null when the platform does
 * not say); for a shop typed in by hand, `auth_expires_at`. The authorisation sweep (jobs/auth-expiry.ts)
 * reads the same.
 */
export function shopState(
  row: Pick<
    ShopRow,
    'disabled_at' | 'auth_status' | 'auth_expires_at' | 'refresh_expires_at' | 'platform_shop_id'
  >,
  nowS: number,
): { state: ShopState; authorised_until: number | null } {
  const until = row.platform_shop_id !== null ? row.refresh_expires_at : row.auth_expires_at;
  const state: ShopState =
    row.disabled_at !== null
      ? 'disabled'
      : row.auth_status === 'unauthorized'
        ? 'unauthorized'
        : row.auth_status === 'expired' || (until !== null && until <= nowS)
          ? 'expired'
          : until !== null && until <= nowS + SHOP_EXPIRING_DAYS * 86_400
            ? 'expiring'
            : 'normal';
  return { state, authorised_until: until };
}

/** A shop row as the API answers it: its `state`, and its order sync state (lag against `nowS`) in `sync`. */
function withState(row: ShopRow, nowS: number): Shop {
  const {
    refresh_expires_at,
    sync_authorised,
    sync_cursor,
    sync_due_at,
    sync_leased,
    sync_finished_at,
    sync_succeeded_at,
    sync_error,
    sync_failures,
    sync_inserted,
    sync_updated,
    app_pushed_at,
    ...shop
  } = row;
  const pushing = app_pushed_at !== null && Number(app_pushed_at) > nowS - SYNC_RULES.fallbackSeconds;
  return {
    ...shop,
    ...(pushing ? { message_channel: 'live' as const } : {}),
    ...shopState({ ...shop, refresh_expires_at }, nowS),
    sync: shopSyncOf(
      {
        sync_authorised,
        sync_cursor,
        sync_due_at,
        sync_leased,
        sync_finished_at,
        sync_succeeded_at,
        sync_error,
        sync_failures,
        sync_inserted,
        sync_updated,
      },
      nowS,
    ),
  };
}
/** A group's columns; `shops`: the parameter of a member's shops, whose shops alone are counted. */
const groupSelect = (shops: string | null) =>
  `g.id, g.name, (SELECT count(*)::int FROM shops WHERE shops.group_id = g.id${
    shops ? ` AND shops.id = ANY(${shops}::int[])` : ''
  }) AS shop_count, g.version`;

/**
 * What a member limited to some shops is told when adding a shop or changing the groups, which are
 * the whole account's (docs/design.md#seller-accounts-permissions-and-the-operation-log).
 */
export const SHOP_SCOPE_MESSAGES = {
  newShop: '你的账号仅可管理部分店铺，不能授权新店铺，请联系主账号',
  groups: '你的账号仅可管理部分店铺，不能新建、修改或删除店铺分组，请联系主账号',
} as const;

/** Refuses a member limited to some shops (the owner and unrestricted members pass). */
export function requireAllShops(scope: Scope, message: string): void {
  if (scope.shopIds) throw new ApiRefusal(message);
}

/** One shop of the account, or a 404. `nowS` (the server's clock) decides its `state` and sync lag. */
export async function shopById(
  scope: Scope,
  id: number,
  nowS = Math.floor(Date.now() / 1000),
): Promise<Shop> {
  const params: unknown[] = [id, scope.accountId];
  const [row] = await scope.db.query<ShopRow>(
    `SELECT ${SHOP_SELECT} FROM shops s LEFT JOIN shop_groups g ON g.id = s.group_id
     WHERE s.id = $1 AND s.account_id = $2${inShops(scope, 's.id', params)}`,
    params,
  );
  if (!row) throw notFound();
  return withState(row, nowS);
}

/** One shop group of the account, or a 404. */
export async function groupById(scope: Scope, id: number): Promise<ShopGroup> {
  const params: unknown[] = [id, scope.accountId];
  if (scope.shopIds) params.push(scope.shopIds);
  const [row] = await scope.db.query<ShopGroup>(
    `SELECT ${groupSelect(scope.shopIds ? '$3' : null)} FROM shop_groups g WHERE g.id = $1 AND g.account_id = $2`,
    params,
  );
  if (!row) throw notFound();
  return row;
}

/** A page of shops by id; `group_id: 0` means the ungrouped ones. `nowS` decides `state` and lag. */
export async function listShops(
  scope: Scope,
  params: BodyOf<'/api/shop/index'>,
  nowS: number,
): Promise<Page<Shop>> {
  const f = new Filters();
  f.and(`s.account_id = ${f.p(scope.accountId)}`);
  shopFilter(scope, f, 's.id');
  const keyword = likePattern(params.keyword);
  if (keyword) f.and(`s.name ILIKE ${f.p(keyword)}`);
  if (params.platform) f.and(`s.platform = ${f.p(params.platform)}`);
  if (params.group_id === 0) f.and('s.group_id IS NULL');
  else if (params.group_id !== undefined) f.and(`s.group_id = ${f.p(params.group_id)}`);
  if (params.auth_status) f.and(`s.auth_status = ${f.p(params.auth_status)}`);
  if (params.attention === 'reauthorise') {
    // `shopState`'s 授权已过期 and 授权即将过期, in SQL: enabled, authorised once, and expired or
    // within SHOP_EXPIRING_DAYS of `authorised_until`.
    const until =
      'CASE WHEN s.platform_shop_id IS NOT NULL THEN s.refresh_expires_at ELSE s.auth_expires_at END';
    f.and(`s.disabled_at IS NULL AND s.auth_status <> 'unauthorized'
      AND (s.auth_status = 'expired' OR ${until} <= ${f.p(nowS + SHOP_EXPIRING_DAYS * 86_400)})`);
  } else if (params.attention === 'sync_failed') {
    // An enabled shop whose last sync failed: `sync.last_error` (shopSyncOf), cleared by a success.
    f.and('s.disabled_at IS NULL AND s.access_token_sealed IS NOT NULL AND s.sync_error IS NOT NULL');
  }
  const rows = await page<ShopRow>(
    scope.db,
    {
      table: 'shops',
      alias: 's',
      filters: f,
      order: BY_ID,
      select: SHOP_SELECT,
      joins: 'LEFT JOIN shop_groups g ON g.id = s.group_id',
    },
    params,
  );
  return { ...rows, list: rows.list.map((row) => withState(row, nowS)) };
}

export async function listGroups(
  scope: Scope,
  params: BodyOf<'/api/shop/group-index'>,
): Promise<Page<ShopGroup>> {
  const f = new Filters();
  f.and(`g.account_id = ${f.p(scope.accountId)}`);
  const keyword = likePattern(params.keyword);
  if (keyword) f.and(`g.name ILIKE ${f.p(keyword)}`);
  const groups = await page<ShopGroup>(
    scope.db,
    { table: 'shop_groups', alias: 'g', filters: f, order: BY_ID, select: groupSelect(null) },
    params,
  );
  if (!scope.shopIds) return groups;
  // Every group of the account (they are its own, not a shop's); a member limited to some shops
  // sees how many of their shops each holds.
  const counts = await scope.db.query<{ group_id: number; n: number }>(
    `SELECT group_id, count(*)::int AS n FROM shops
     WHERE account_id = $1 AND id = ANY($2::int[]) AND group_id = ANY($3::int[]) GROUP BY group_id`,
    [scope.accountId, scope.shopIds, groups.list.map((g) => g.id)],
  );
  const count = new Map(counts.map((row) => [row.group_id, row.n]));
  return { ...groups, list: groups.list.map((g) => ({ ...g, shop_count: count.get(g.id) ?? 0 })) };
}

/**
 * Creates or renames a group (at `version`, else 409); returns its id and the change. A duplicate
 * name (in the account) is a unique violation.
 */
export async function saveGroup(
  scope: Scope,
  { id, name, version }: BodyOf<'/api/shop/group-save'>,
  now: number,
): Promise<{ id: number; change: Change }> {
  requireAllShops(scope, SHOP_SCOPE_MESSAGES.groups);
  if (!id) {
    const [row] = await scope.db.query<{ id: number }>(
      'INSERT INTO shop_groups (account_id, name, created_at) VALUES ($1, $2, $3) RETURNING id',
      [scope.accountId, name, now],
    );
    if (!row) throw notFound();
    return {
      id: row.id,
      change: { target: { type: 'shop_group', id: row.id, name }, before: null, after: { name } },
    };
  }
  const before = await groupById(scope, id);
  const [row] = await scope.db.query<{ id: number }>(
    `UPDATE shop_groups SET name = $1, version = version + 1
     WHERE id = $2 AND account_id = $3 AND version = $4 RETURNING id`,
    [name, id, scope.accountId, version],
  );
  if (!row) throw staleRecord();
  return {
    id,
    change: { target: { type: 'shop_group', id, name }, before: { name: before.name }, after: { name } },
  };
}

/** Deletes a group (its shops become ungrouped). */
export async function deleteGroup(scope: Scope, id: number): Promise<Change> {
  requireAllShops(scope, SHOP_SCOPE_MESSAGES.groups);
  const [row] = await scope.db.query<{ name: string }>(
    'DELETE FROM shop_groups WHERE id = $1 AND account_id = $2 RETURNING name',
    [id, scope.accountId],
  );
  if (!row) throw notFound();
  return { target: { type: 'shop_group', id, name: row.name }, before: { name: row.name }, after: null };
}

/**
 * Puts a shop (at `version`, else 409) into a group (`null`: ungrouped); both must be the account's.
 */
export async function moveShop(
  scope: Scope,
  { shop_id, group_id, version }: BodyOf<'/api/shop/move'>,
  nowS: number,
): Promise<Change> {
  const before = await shopById(scope, shop_id, nowS);
  const group = group_id !== null ? await groupById(scope, group_id) : null;
  const rows = await scope.db.query(
    `UPDATE shops SET group_id = $1, version = version + 1
     WHERE id = $2 AND account_id = $3 AND version = $4 RETURNING id`,
    [group_id, shop_id, scope.accountId, version],
  );
  if (rows.length === 0) throw staleRecord();
  return {
    target: { type: 'shop', id: shop_id, name: before.name },
    before: { group_name: before.group_name },
    after: { group_name: group?.name ?? '' },
  };
}

/**
 * 停用 (`disabled: true`, `disabled_at` = now) or 启用 a shop of the account, at `version` (else 409).
 * A disabled shop is never synced nor written back (the sync reads `shops.disabled_at IS NULL`).
 */
export async function toggleShop(
  scope: Scope,
  { id, disabled, version }: BodyOf<'/api/shop/toggle'>,
  nowS: number,
): Promise<Change> {
  const before = await shopById(scope, id, nowS);
  const rows = await scope.db.query(
    `UPDATE shops SET disabled_at = CASE WHEN $1 THEN COALESCE(disabled_at, $2::bigint) END,
       version = version + 1
     WHERE id = $3 AND account_id = $4 AND version = $5 RETURNING id`,
    [disabled, nowS, id, scope.accountId, version],
  );
  if (rows.length === 0) throw staleRecord();
  return {
    target: { type: 'shop', id, name: before.name },
    before: { disabled: before.disabled_at !== null },
    after: { disabled },
  };
}

/** The seller's words when a platform shop is already another account's. */
export const SHOP_HELD_ELSEWHERE =
  '该店铺已被其他账号授权，不能重复添加。如需在本账号使用，请先在原账号停用并解除授权，或联系客服。';

/**
 * Stores a completed authorisation: the platform shop `auth.shopId` becomes (or stays) a shop of this
 * account, with the platform's name, tokens (sealed through `storeShopTokens`) and expiry, and
 * `auth_status` authorized. `reauthorise`: the shop the seller re-authorised (重新授权); it must be
 * that platform shop, or a shop not yet bound to one. One platform shop belongs to one account: an
 * existing shop of this account is updated, never duplicated; another account's is refused (409),
 * also when two accounts authorise it at once (the unique index `shops_platform_shop_idx` decides).
 * `appKey`: the app the authorisation went through, kept as `platform_app_key` (密文代发 names it).
 * Run in a transaction.
 */
export async function saveAuthorisedShop(
  scope: Scope,
  box: SecretBox,
  input: { platform: string; reauthorise: number | null; auth: ShopAuthorisation; appKey?: string },
  nowS: number,
): Promise<{ id: number; change: Change }> {
  const { platform, auth } = input;
  if (input.reauthorise === null) requireAllShops(scope, SHOP_SCOPE_MESSAGES.newShop);
  type Held = { id: number; account_id: number; name: string; platform_shop_id: string | null };
  const holder = async () => {
    const [row] = await scope.db.query<Held>(
      `SELECT id, account_id, name, platform_shop_id FROM shops
       WHERE platform = $1 AND platform_shop_id = $2 FOR UPDATE`,
      [platform, auth.shopId],
    );
    return row ?? null;
  };
  let held = await holder();
  if (held && held.account_id !== scope.accountId) throw new HttpProblem(409, SHOP_HELD_ELSEWHERE);

  let target: Held | null = held;
  if (input.reauthorise !== null) {
    const params: unknown[] = [input.reauthorise, scope.accountId, platform];
    const [shop] = await scope.db.query<Held>(
      `SELECT id, account_id, name, platform_shop_id FROM shops
       WHERE id = $1 AND account_id = $2 AND platform = $3${inShops(scope, 'id', params)} FOR UPDATE`,
      params,
    );
    if (!shop) throw notFound();
    if (shop.platform_shop_id !== null && shop.platform_shop_id !== auth.shopId) {
      throw new HttpProblem(
        409,
        `授权的是另一个店铺（${auth.shopName}），不是「${shop.name}」。请在平台授权页选择「${shop.name}」后重试。`,
      );
    }
    if (held && held.id !== shop.id) {
      throw new HttpProblem(
        409,
        `店铺「${auth.shopName}」已在本账号中（${held.name}），请对该店铺重新授权。`,
      );
    }
    target = shop;
  }

  const before = target ? await shopById(scope, target.id, nowS) : null;
  let id = target?.id ?? null;
  if (id === null) {
    // A new shop. Two calls for one platform shop at once: the unique index lets one insert; the other
    // inserts nothing and reads the winner's row (committed by then), refused if another account's.
    const [created] = await scope.db.query<{ id: number }>(
      `INSERT INTO shops (name, platform, platform_shop_id, auth_status, created_at, account_id)
       VALUES ($1, $2, $3, 'authorized', $4, $5)
       ON CONFLICT (platform, platform_shop_id) WHERE platform_shop_id IS NOT NULL DO NOTHING
       RETURNING id`,
      [auth.shopName.slice(0, 64), platform, auth.shopId, nowS, scope.accountId],
    );
    if (!created) {
      held = await holder();
      if (!held || held.account_id !== scope.accountId) throw new HttpProblem(409, SHOP_HELD_ELSEWHERE);
    }
    id = created?.id ?? held?.id ?? null;
  }
  if (id === null) throw notFound();
  await scope.db.query(
    // A new authorisation is a new token: 拼多多 消息服务 is opened again for it (jobs/pdd-messages.ts,
    // woken once this commits), at once.
    `UPDATE shops SET name = $2, platform_shop_id = $3, auth_status = 'authorized', version = version + 1,
       platform_app_key = COALESCE($5, platform_app_key), pmc_permitted_at = NULL, pmc_permit_after = 0
     WHERE id = $1 AND account_id = $4`,
    [id, auth.shopName.slice(0, 64), auth.shopId, scope.accountId, input.appKey ?? null],
  );
  await storeShopTokens(scope.db, box, id, auth);
  const after = await shopById(scope, id, nowS);
  const fields = (shop: Shop | null) =>
    shop && {
      name: shop.name,
      platform_shop_id: shop.platform_shop_id,
      auth_status: shop.auth_status,
      auth_expires_at: shop.auth_expires_at,
    };
  return {
    id,
    change: { target: { type: 'shop', id, name: after.name }, before: fields(before), after: fields(after) },
  };
}
