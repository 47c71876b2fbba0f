import { ALIBABA_SANDBOX_APP, DOUDIAN_SANDBOX_APP, PDD_SANDBOX_APP } from '@consign/platform-sandboxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DoudianConnector } from '../src/platforms/doudian';
import { PddConnector } from '../src/platforms/pdd';
import { SANDBOX_MOUNT } from '../src/sandboxes';
import { startServer } from '../src/server';
import { startTestServer, type TestServer } from './helpers';
import { authoriseInBrowser, decideOnAuthorisationPage } from './platform-helpers';

/**
 * The sandboxes as the demo uses them: mounted by the server under `/__sandbox/` (PLATFORM_SANDBOX),
 * the authorisation page on the server's own origin, orders appearing by themselves; never with
 * `production`.
 */
describe('the server serves the platform sandboxes outside production', () => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer({ platformSandbox: { demoEveryMs: 100 }, copyWorker: false });
  });
  afterAll(() => t?.stop());

  it('a 拼多多 sandbox shop is authorised on the server, and orders arrive by themselves', async () => {
    const sandboxes = t.server.sandboxes;
    expect(sandboxes).not.toBeNull();
    const endpoints = sandboxes?.endpoints(`${t.url}${SANDBOX_MOUNT}`);
    expect(endpoints?.pinduoduo.authUrl).toBe(`${t.url}/__sandbox/pdd/service-market/auth`);
    const pdd = new PddConnector({
      app: PDD_SANDBOX_APP,
      endpoints: endpoints?.pinduoduo ?? { gatewayUrl: '', authUrl: '' },
      now: t.clock.now,
    });
    const back = await authoriseInBrowser(pdd, {
      shopId: '900001',
      state: 'demo',
      redirectUri: `${t.url}/shop/authorised`,
    });
    const shop = await pdd.exchangeCode(back.get('code') ?? '');
    const nowS = () => Math.floor(t.clock.now() / 1000);
    const seeded = await pdd.listChangedOrders(shop.accessToken, { start: nowS() - 1800, end: nowS() }, 1);
    expect(seeded.total).toBeGreaterThan(0);
    // The demo places an order in each authorised shop every 100 ms (on the shared test clock, the
    // new orders carry the same time; poll until one more is there).
    await expect
      .poll(
        async () =>
          (await pdd.listChangedOrders(shop.accessToken, { start: nowS() - 1800, end: nowS() }, 1)).total,
      )
      .toBeGreaterThan(seeded.total);
  });

  it("the 抖店 sandbox is there too, its service returning to PUBLIC_URL's callback", async () => {
    const endpoints = t.server.sandboxes?.endpoints(`${t.url}${SANDBOX_MOUNT}`);
    const doudian = new DoudianConnector({
      app: DOUDIAN_SANDBOX_APP,
      endpoints: endpoints?.douyin ?? { gatewayUrl: '', authUrl: '' },
      now: t.clock.now,
    });
    const back = await authoriseInBrowser(doudian, {
      shopId: '77002',
      state: 'demo',
      redirectUri: `${t.server.publicUrl}/shop/authorised/douyin`,
    });
    const shop = await doudian.exchangeCode(back.get('code') ?? '');
    expect(shop.shopName).toBe('沙箱抖店二店');
    expect(await doudian.carriers(shop.accessToken)).toHaveLength(5);
  });

  it('the 1688 sandbox is there too, its app registered: the registry gives a working supplier connector', async () => {
    const connector = await t.server.platforms.supplier();
    expect(connector).not.toBeNull();
    const url = new URL(connector?.authoriseUrl({ redirectUri: `${t.url}/x`, state: 'demo' }) ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${t.url}/__sandbox/alibaba/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe(ALIBABA_SANDBOX_APP.clientId);
    const back = await decideOnAuthorisationPage(url.toString(), { shopId: 'b2b-2206600002' });
    const account = await connector?.exchangeCode(back.searchParams.get('code') ?? '', `${t.url}/x`);
    expect(account?.loginId).toBe('沙箱采购二号');
    const offer = await connector?.offer(account?.accessToken ?? '', '610000000001');
    expect(offer?.skus).toHaveLength(3);
  });
});

it('startServer refuses the sandboxes with production', async () => {
  await expect(
    startServer({ production: true, platformSandbox: true, dataDir: 'memory://', logLevel: 'silent' }),
  ).rejects.toThrow('The platform sandboxes are never served in production.');
});

it('without platformSandbox the server has no /__sandbox', async () => {
  const t = await startTestServer({ copyWorker: false });
  try {
    expect(t.server.sandboxes).toBeNull();
    expect((await fetch(`${t.url}/__sandbox/pdd/service-market/auth`)).status).toBe(404);
    expect((await fetch(`${t.url}/__sandbox/pdd/api/router`, { method: 'POST' })).status).toBe(404);
  } finally {
    await t.stop();
  }
}, 120_000);
