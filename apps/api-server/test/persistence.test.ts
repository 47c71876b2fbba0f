import { rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { seededDataDir, startTestServer, USER } from './helpers';

let dataDir = '';
afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('keeps writes and sessions across a restart, and loses no acknowledged write on shutdown', async () => {
  dataDir = await seededDataDir();
  // All 30 writes below must be in flight at once: above the default bound (8 on PGlite, plus 8
  // queued for at most a second), some would be answered 503 instead (in-flight.test.ts).
  const first = await startTestServer({ dataDir, copyWorker: false, maxInFlight: 32 });
  const token = await first.login(USER);
  const api = first.client(() => token);
  const group = await api.call('/api/shop/group-save', { name: '重启前的分组' });
  await api.call('/api/setting/update', {
    default_markup_percent: 77,
    version: (await api.call('/api/setting/index')).version,
  });

  // Shut down while writes are in flight: close as soon as the first one is acknowledged.
  const failures: unknown[] = [];
  const writes = Array.from({ length: 30 }, (_, i) =>
    api.call('/api/shop/group-save', { name: `并发分组${i}` }, { skipErrorHandler: true }).then(
      (saved) => saved.name,
      (error: unknown) => {
        failures.push(error);
        return null;
      },
    ),
  );
  await Promise.race(writes);
  await first.stop({ keepData: true });
  const acknowledged = (await Promise.all(writes)).filter((name): name is string => name !== null);
  expect(acknowledged.length).toBeGreaterThan(0);
  // A request the server had accepted is answered; the only failures are connections it refused.
  for (const error of failures) expect(error).toMatchObject({ name: 'NetworkError' });

  const second = await startTestServer({ dataDir, copyWorker: false });
  try {
    expect(second.server.seeded).toBe(false);
    const again = second.client(() => token);
    expect((await again.call('/api/user/info')).mobile).toBe(USER);
    const before = await again.call('/api/shop/group-index', {
      pageIndex: 1,
      pageSize: 100,
      keyword: '重启前',
    });
    expect(before.list).toEqual([{ id: group.id, name: '重启前的分组', shop_count: 0, version: 1 }]);
    expect((await again.call('/api/setting/index')).default_markup_percent).toBe(77);
    const concurrent = await again.call('/api/shop/group-index', {
      pageIndex: 1,
      pageSize: 100,
      keyword: '并发分组',
    });
    const stored = new Set(concurrent.list.map((g) => g.name));
    for (const name of acknowledged) expect(stored.has(name)).toBe(true);
  } finally {
    await second.stop({ keepData: true });
  }
}, 120_000);
