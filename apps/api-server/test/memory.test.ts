import { expect, it } from 'vitest';
import { SEED_COUNTS } from '../src/db/seed';
import { startTestServer, USER } from './helpers';

it('runs on a throwaway in-memory database (memory://), migrated and seeded on start', async () => {
  const mem = await startTestServer({ dataDir: 'memory://', copyWorker: false });
  try {
    expect(mem.server.seeded).toBe(true);
    const token = await mem.login(USER);
    const page = await mem.client(() => token).call('/api/order/index', { pageIndex: 1, pageSize: 1 });
    expect(page.total).toBe(SEED_COUNTS.orders);
  } finally {
    await mem.stop();
  }
}, 120_000);
