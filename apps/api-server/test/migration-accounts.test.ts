import { describe, expect, it } from 'vitest';
import { openDb } from '../src/db/db';
import { loadMigrations, migrate } from '../src/db/migrate';
import { SEED_ROLE } from '../src/db/seed';
import { sweepAuthExpiry } from '../src/jobs/auth-expiry';

/** Migration 0003 on a database that holds data from before seller accounts (and 0003 only). */
describe('migration 0003_seller_accounts', () => {
  it('puts existing users and rows into one account owned by the first user', async () => {
    const db = await openDb({ dataDir: 'memory://' });
    try {
      const all = loadMigrations();
      await migrate(
        db,
        all.filter((m) => m.id < 3),
      );
      await db.exec(`
        INSERT INTO users (mobile, created_at) VALUES ('13800000000', 100), ('13900000000', 200);
        INSERT INTO settings (id, auto_purchase, default_markup_percent, purchase_account, notify_mobile,
          sync_interval_minutes, auto_sync_logistics) VALUES (1, true, 15, 'p', '', 30, true);
        INSERT INTO shop_groups (name, created_at) VALUES ('分组', 1);
        INSERT INTO shops (name, platform, group_id, auth_status, created_at) VALUES ('店', 'taobao', 1, 'authorized', 1);
        INSERT INTO goods (shop_id, title, price, stock, status, images, updated_at)
          VALUES (1, '商品', 100, 1, 'on_sale', '[]', 1);
      `);
      expect(
        await migrate(
          db,
          all.filter((m) => m.id <= 3),
        ),
      ).toEqual([3]);
      expect(await db.query('SELECT id, owner_user_id, status FROM seller_accounts')).toEqual([
        { id: 1, owner_user_id: 1, status: 'active' },
      ]);
      expect(
        await db.query('SELECT mobile, account_id, account_role, status FROM users ORDER BY id'),
      ).toEqual([
        { mobile: '13800000000', account_id: 1, account_role: 'owner', status: 'active' },
        { mobile: '13900000000', account_id: 1, account_role: 'member', status: 'active' },
      ]);
      for (const table of ['shop_groups', 'shops', 'goods']) {
        expect(await db.query(`SELECT account_id FROM ${table}`), table).toEqual([{ account_id: 1 }]);
      }
      expect(await db.query('SELECT account_id, default_markup_percent FROM settings')).toEqual([
        { account_id: 1, default_markup_percent: 15 },
      ]);
    } finally {
      await db.close();
    }
  });

  it('on an empty database creates no account', async () => {
    const db = await openDb({ dataDir: 'memory://' });
    try {
      await migrate(db);
      expect(await db.query('SELECT * FROM seller_accounts')).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

/** Migration 0004 on a database from before roles: its members keep what they could do. */
describe('migration 0004_roles', () => {
  it('gives the members of each account a role 运营 with every permission but team:manage', async () => {
    const db = await openDb({ dataDir: 'memory://' });
    try {
      const all = loadMigrations();
      await migrate(
        db,
        all.filter((m) => m.id < 4),
      );
      await db.exec(`
        INSERT INTO seller_accounts (name, created_at) VALUES ('甲', 1), ('乙', 1), ('丙', 1);
        INSERT INTO users (mobile, created_at, account_id, account_role) VALUES
          ('13800000000', 1, 1, 'owner'), ('13900000000', 1, 1, 'member'), ('13900000001', 1, 1, 'member'),
          ('13700000000', 1, 2, 'owner'), ('13700000001', 1, 2, 'member'), ('13600000000', 1, 3, 'owner');
      `);
      expect(
        await migrate(
          db,
          all.filter((m) => m.id <= 4),
        ),
      ).toEqual([4]);
      const roles = await db.query<{ id: number; account_id: number; name: string; permissions: string[] }>(
        'SELECT id, account_id, name, permissions FROM roles ORDER BY account_id',
      );
      expect(roles.map((r) => [r.account_id, r.name])).toEqual([
        [1, '运营'],
        [2, '运营'],
      ]);
      // The permissions as they were when 0004 ran: those added since (查看完整收货信息, the 财务 ones)
      // are granted by hand.
      const since = ['order:decrypt', 'finance:view', 'finance:manage'];
      expect(roles[0]?.permissions).toEqual(SEED_ROLE.permissions.filter((p) => !since.includes(p)));
      const users = await db.query<{ mobile: string; role: string | null }>(
        `SELECT u.mobile, r.name || '@' || r.account_id AS role FROM users u LEFT JOIN roles r ON r.id = u.role_id
         ORDER BY u.id`,
      );
      expect(users).toEqual([
        { mobile: '13800000000', role: null },
        { mobile: '13900000000', role: '运营@1' },
        { mobile: '13900000001', role: '运营@1' },
        { mobile: '13700000000', role: null },
        { mobile: '13700000001', role: '运营@2' },
        { mobile: '13600000000', role: null },
      ]);
    } finally {
      await db.close();
    }
  });
});

/** Migration 0046 on 抖店 shops authorised before the refresh token's expiry was recorded. */
describe('migration 0046_doudian_refresh_expiry', () => {
  it('gives an authorised 抖店 shop its refresh expiry (7 days after the access token), so it is warned', async () => {
    const db = await openDb({ dataDir: 'memory://' });
    try {
      const all = loadMigrations();
      await migrate(
        db,
        all.filter((m) => m.id < 46),
      );
      const accessEnds = 1_800_000_000;
      await db.exec(`
        INSERT INTO seller_accounts (name, created_at) VALUES ('卖家', 100);
        INSERT INTO shops (name, platform, auth_status, auth_expires_at, created_at, account_id, platform_shop_id)
          VALUES ('抖店授权', 'douyin', 'authorized', ${accessEnds}, 1, 1, '77001'),
                 ('拼多多授权', 'pinduoduo', 'authorized', ${accessEnds}, 1, 1, '900001'),
                 ('抖店手工', 'douyin', 'authorized', ${accessEnds}, 1, 1, NULL);
      `);
      expect(await migrate(db, all)).toContain(46);
      expect(await db.query('SELECT name, refresh_expires_at FROM shops ORDER BY id')).toEqual([
        { name: '抖店授权', refresh_expires_at: accessEnds + 7 * 86_400 },
        { name: '拼多多授权', refresh_expires_at: null },
        { name: '抖店手工', refresh_expires_at: null },
      ]);
      // Within 7 days of the refresh token's end: 授权即将过期 for it (the hand-typed shop's access
      // expiry has passed: 授权已过期 for that one).
      await sweepAuthExpiry(db, accessEnds + 86_400);
      expect(await db.query('SELECT title, shop_id FROM notifications ORDER BY shop_id')).toEqual([
        { title: '店铺授权即将过期', shop_id: 1 },
        { title: '店铺授权已过期', shop_id: 3 },
      ]);
    } finally {
      await db.close();
    }
  });
});
