import { describe, expect, it } from 'vitest';
import { openDb } from '../src/db/db';
import { loadMigrations, migrate } from '../src/db/migrate';

/** Migration 0003 on a database that holds data from before seller accounts. */
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
