import { type ServedSandbox, serveSandbox } from '@consign/platform-sandboxes/core';
import { PDD_SANDBOX_APP, PddSandbox } from '@consign/platform-sandboxes/pdd';
import { pddSign as sandboxPddSign } from '@consign/platform-sandboxes/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformError, yuanToFen } from '../src/platforms/connector';
import { beijingTime, PddConnector, pddSign, toBeijingTime } from '../src/platforms/pdd';
import { TestClock } from './helpers';
import { authoriseInBrowser, brokenServer, closedPort } from './platform-helpers';

/**
 * The 拼多多 connector against the 拼多多 sandbox over real HTTP: the signature (the official vector),
 * the authorisation page and the code exchange, the incremental order list's window and paging rules,
 * the normalised order, carriers, shipping, decryption, and every kind of error in both directions.
 */

describe('pddSign', () => {
  // The connector's signer and the sandbox's own (written apart, from the documentation) both give it.
  it.each([
    ['connector', pddSign],
    ['sandbox', sandboxPddSign],
  ])('gives the official vector of the 拼多多 API guide (%s)', (_, pddSign) => {
    const params = {
      access_token: 'asd78172s8ds9a921j9qqwda12312w1w21211',
      client_id: '1',
      data_type: 'XML',
      order_status: '1',
      page: '1',
      page_size: '10',
      timestamp: '1480411125',
      type: 'pdd.order.number.list.get',
    };
    expect(pddSign('testSecret', params)).toBe('E4DE3ED21002510DED352819E7AE6775');
    // Order of the keys does not matter, `sign` itself is left out, and a changed value changes it.
    const reversed = Object.fromEntries(Object.entries(params).reverse());
    expect(pddSign('testSecret', { ...reversed, sign: 'ignored' })).toBe('E4DE3ED21002510DED352819E7AE6775');
    expect(pddSign('testSecret', { ...params, page: '2' })).not.toBe('E4DE3ED21002510DED352819E7AE6775');
  });
});

describe('amounts and times', () => {
  it('converts 元 to 分 exactly, from numbers and strings', () => {
    expect(yuanToFen('pinduoduo', '59.90', 'x')).toBe(5990);
    expect(yuanToFen('pinduoduo', 12.3, 'x')).toBe(1230);
    expect(yuanToFen('pinduoduo', 0.07, 'x')).toBe(7);
    expect(yuanToFen('pinduoduo', '0.1', 'x')).toBe(10);
    expect(yuanToFen('pinduoduo', 1.005, 'x')).toBe(101);
    expect(yuanToFen('pinduoduo', '-3.50', 'x')).toBe(-350);
    expect(yuanToFen('pinduoduo', undefined, 'x')).toBe(0);
    expect(() => yuanToFen('pinduoduo', '12元', 'x')).toThrow(PlatformError);
  });

  it('reads the platform times as Beijing time', () => {
    expect(beijingTime('2026-11-25 08:00:00')).toBe(Date.UTC(2026, 10, 25, 0, 0, 0) / 1000);
    expect(toBeijingTime(Date.UTC(2026, 10, 25, 0, 0, 0) / 1000)).toBe('2026-11-25 08:00:00');
    expect(beijingTime('')).toBeNull();
  });
});

describe('PddConnector against the sandbox', () => {
  const clock = new TestClock();
  let sandbox: PddSandbox;
  let served: ServedSandbox;
  let connector: PddConnector;
  let token = '';
  let refresh = '';

  const connect = (
    clientSecret = PDD_SANDBOX_APP.clientSecret,
    endpoints = PddSandbox.endpoints(served.url),
  ) => new PddConnector({ app: { ...PDD_SANDBOX_APP, clientSecret }, endpoints, now: clock.now });
  const failure = async (promise: Promise<unknown>): Promise<PlatformError> => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PlatformError);
    return error as PlatformError;
  };
  const nowS = () => Math.floor(clock.now() / 1000);

  beforeAll(async () => {
    sandbox = new PddSandbox({ apps: [PDD_SANDBOX_APP], now: clock.now, seedOrders: 5 });
    served = await serveSandbox(sandbox);
    connector = connect();
  });
  afterAll(() => served.close());

  it('authorises a shop through the page: 同意授权 returns code and state, the code gives tokens once', async () => {
    const back = await authoriseInBrowser(connector, { shopId: '900001', state: 'state-1' });
    expect(back.get('state')).toBe('state-1');
    const code = back.get('code') ?? '';
    expect(code).toMatch(/^[0-9a-f]{32}$/);

    const shop = await connector.exchangeCode(code);
    expect(shop).toMatchObject({ shopId: '900001', shopName: '沙箱拼多多旗舰店' });
    expect(shop.expiresAt).toBe(nowS() + 24 * 3600);
    expect(shop.refreshExpiresAt).toBe(nowS() + 30 * 24 * 3600);
    token = shop.accessToken;
    refresh = shop.refreshToken;

    const reused = await failure(connector.exchangeCode(code));
    expect(reused.kind).toBe('auth');
    expect(reused.message).toBe('拼多多店铺授权已失效，请重新授权');
    expect(reused.retryable).toBe(false);
  });

  it('a denied authorisation returns the state and no code', async () => {
    const back = await authoriseInBrowser(connector, {
      shopId: '900002',
      state: 'state-2',
      decision: 'deny',
    });
    expect(back.get('state')).toBe('state-2');
    expect(back.get('error')).toBe('access_denied');
    expect(back.has('code')).toBe(false);
  });

  it('lists the orders changed in a window, newest first, in pages, each order once', async () => {
    // The shop was seeded with orders updated over the last hour; 150 more arrive now.
    for (let i = 0; i < 150; i++) sandbox.placeOrder('900001');
    const window = { start: nowS() - 1800, end: nowS() };
    const first = await connector.listChangedOrders(token, window, 1);
    expect(first.orders).toHaveLength(100);
    expect(first.hasMore).toBe(true);
    const second = await connector.listChangedOrders(token, window, 2);
    expect(second.hasMore).toBe(false);
    const seen = [...first.orders, ...second.orders];
    expect(first.total).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(150);
    expect(new Set(seen.map((o) => o.orderNo)).size).toBe(seen.length);
    const times = seen.map((o) => o.updatedAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const order of seen) {
      expect(order.updatedAt).toBeGreaterThanOrEqual(window.start);
      expect(order.updatedAt).toBeLessThanOrEqual(window.end);
    }
    // Another shop's orders never appear.
    sandbox.placeOrder('900002');
    const again = await connector.listChangedOrders(token, window, 2);
    expect(again.orders.every((o) => sandbox.orders.get(o.orderNo)?.shopId === '900001')).toBe(true);
  });

  it('normalises an order: items, amounts in 分, message, times, masked receiver and ciphertext', async () => {
    clock.advance(60_000);
    const placed = sandbox.placeOrder('900001', {
      items: [
        {
          goodsId: '3051002',
          skuId: '30510021',
          name: '不锈钢保温杯 500ml 😀',
          spec: '黑色',
          quantity: 2,
          priceFen: 3950,
          outerSkuId: 'CUP-BLK',
          outerGoodsId: 'CUP',
        },
      ],
      freightFen: 600,
      discountFen: 300,
      buyerMessage: '周末送达',
      receiver: {
        name: '欧阳娜娜',
        mobile: '13912345678',
        province: '浙江省',
        city: '杭州市',
        district: '西湖区',
        address: '文三路 478 号 5 幢',
      },
    });
    const page = await connector.listChangedOrders(token, { start: nowS() - 10, end: nowS() }, 1);
    const order = page.orders.find((o) => o.orderNo === placed.orderNo);
    expect(order).toMatchObject({
      platform: 'pinduoduo',
      platformStatus: '1',
      stage: 'to_ship',
      refund: 'none',
      goodsFen: 7900,
      freightFen: 600,
      discountFen: 300,
      paidFen: 8200,
      buyerMessage: '周末送达',
      createdAt: placed.createdAt,
      items: [
        {
          name: '不锈钢保温杯 500ml 😀',
          spec: '黑色',
          quantity: 2,
          priceFen: 3950,
          goodsId: '3051002',
          skuId: '30510021',
          outerSkuId: 'CUP-BLK',
          outerGoodsId: 'CUP',
        },
      ],
      receiver: {
        nameMasked: '欧***',
        mobileMasked: '139****5678',
        province: '浙江省',
        city: '杭州市',
        district: '西湖区',
      },
      shipment: null,
    });
    // The ciphertexts are kept and hold no plaintext.
    expect(order?.receiver.cipher.mobile).toMatch(/^~.+~$/);
    expect(JSON.stringify(order?.receiver.cipher)).not.toContain('13912345678');

    // The detail (amounts as strings there) reads the same.
    const detail = await connector.orderDetail(token, placed.orderNo);
    expect(detail).toEqual(order);
  });

  it('sees a refund on the platform as a change of the order', async () => {
    const placed = sandbox.placeOrder('900001');
    clock.advance(120_000);
    sandbox.refundOrder(placed.orderNo);
    const page = await connector.listChangedOrders(token, { start: nowS() - 30, end: nowS() }, 1);
    expect(page.orders.map((o) => [o.orderNo, o.refund, o.platformRefundStatus])).toEqual([
      [placed.orderNo, 'in_progress', '2'],
    ]);
  });

  it('lists carriers (only available ones) and writes a shipment back once', async () => {
    const carriers = await connector.carriers(token);
    const sf = carriers.find((c) => c.code === 'SF') ?? { id: '', code: '', name: '' };
    expect(sf).toEqual({ id: '44', code: 'SF', name: '顺丰快递' });
    expect(carriers.some((c) => c.code === 'TTKDEX')).toBe(false);

    const placed = sandbox.placeOrder('900001');
    await connector.ship(token, {
      orderNo: placed.orderNo,
      carrier: sf,
      trackingNo: 'SF1234567890',
    });
    expect(sandbox.shipments.filter((s) => s.orderNo === placed.orderNo)).toMatchObject([
      { carrierId: '44', trackingNo: 'SF1234567890' },
    ]);
    const detail = await connector.orderDetail(token, placed.orderNo);
    expect(detail).toMatchObject({
      stage: 'shipped',
      shipment: { carrierId: '44', trackingNo: 'SF1234567890' },
    });

    const twice = await failure(
      connector.ship(token, {
        orderNo: placed.orderNo,
        carrier: sf,
        trackingNo: 'SF1234567890',
      }),
    );
    expect(twice.kind).toBe('business');
    expect(twice.message).toBe('拼多多拒绝了此操作：订单已发货，不能重复发货');
    expect(sandbox.shipments.filter((s) => s.orderNo === placed.orderNo)).toHaveLength(1);
  });

  it('decrypts the receiver of its own shop only', async () => {
    const placed = sandbox.placeOrder('900001');
    const other = sandbox.placeOrder('900002');
    const results = await connector.decrypt(token, [
      { orderNo: placed.orderNo, ciphertext: placed.cipher.mobile },
      { orderNo: placed.orderNo, ciphertext: placed.cipher.name },
      { orderNo: other.orderNo, ciphertext: other.cipher.mobile },
    ]);
    expect(results).toEqual([
      { ciphertext: placed.cipher.mobile, ok: true, plaintext: placed.receiver.mobile },
      { ciphertext: placed.cipher.name, ok: true, plaintext: placed.receiver.name },
      { ciphertext: other.cipher.mobile, ok: false, message: '密文不存在或不属于该店铺' },
    ]);
  });

  it('a wrong secret: the sandbox refuses the signature (20004), the connector says to check the secret', async () => {
    const before = sandbox.calls.length;
    const error = await failure(connect('not-the-secret').carriers(token));
    expect(error).toMatchObject({ kind: 'invalid', code: '20004', retryable: false });
    expect(error.message).toContain('签名验证失败');
    expect(sandbox.calls.slice(before)).toEqual([
      { method: 'pdd.logistics.companies.get', shopId: null, error: '20004' },
    ]);
  });

  it('an expired access token is token_expired; the refresh gives a new one; a used refresh token is auth', async () => {
    clock.advance(24 * 3600 * 1000 + 1000);
    const expired = await failure(connector.carriers(token));
    expect(expired).toMatchObject({ kind: 'token_expired', code: '10019', retryable: false });
    expect(expired.message).toBe('拼多多店铺授权已过期，正在刷新授权');

    const renewed = await connector.refreshToken(refresh);
    expect(renewed.shopId).toBe('900001');
    expect(renewed.accessToken).not.toBe(token);
    expect(await connector.carriers(renewed.accessToken)).not.toHaveLength(0);
    token = renewed.accessToken;

    const refused = await failure(connector.refreshToken(refresh));
    expect(refused.kind).toBe('auth');
    refresh = renewed.refreshToken;
  });

  it('refuses a window over 30 minutes, or too old, or a page over 100, before calling the platform', async () => {
    const before = sandbox.calls.length;
    const long = await failure(connector.listChangedOrders(token, { start: nowS() - 1801, end: nowS() }, 1));
    expect(long).toMatchObject({
      kind: 'invalid',
      message: '请求拼多多的参数不正确：时间窗口不能超过 30 分钟',
    });
    const old = nowS() - 91 * 86400;
    expect((await failure(connector.listChangedOrders(token, { start: old, end: old + 60 }, 1))).kind).toBe(
      'invalid',
    );
    expect(
      (await failure(connector.listChangedOrders(token, { start: nowS() - 60, end: nowS() }, 1, 101))).kind,
    ).toBe('invalid');
    expect(sandbox.calls.length).toBe(before);
  });

  it('the sandbox itself refuses a window over 30 minutes and a page over 100 (signed requests)', async () => {
    const call = async (extra: Record<string, string>) => {
      const params: Record<string, string> = {
        type: 'pdd.order.number.list.increment.get',
        client_id: PDD_SANDBOX_APP.clientId,
        timestamp: String(nowS()),
        data_type: 'JSON',
        access_token: token,
        start_updated_at: String(nowS() - 600),
        end_updated_at: String(nowS()),
        ...extra,
      };
      params.sign = pddSign(PDD_SANDBOX_APP.clientSecret, params);
      const response = await fetch(PddSandbox.endpoints(served.url).gatewayUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
      });
      return (await response.json()) as { error_response?: { error_code: number; sub_msg: string } };
    };
    expect((await call({ start_updated_at: String(nowS() - 1801) })).error_response).toMatchObject({
      error_code: 10000,
      sub_msg: '开始时间结束时间间距不超过30分钟',
    });
    expect((await call({ page_size: '101' })).error_response).toMatchObject({ error_code: 10000 });
    expect((await call({ page: '0' })).error_response).toMatchObject({ error_code: 10000 });
    expect(await call({})).toHaveProperty('order_sn_increment_get_response');
    // A request whose parameters were changed after signing is refused.
    const tampered = await fetch(PddSandbox.endpoints(served.url).gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        type: 'pdd.logistics.companies.get',
        client_id: PDD_SANDBOX_APP.clientId,
        timestamp: String(nowS()),
        access_token: token,
        sign: pddSign(PDD_SANDBOX_APP.clientSecret, { type: 'pdd.logistics.companies.get' }),
      }).toString(),
    });
    expect(await tampered.json()).toMatchObject({ error_response: { error_code: 20004 } });
  });

  it('a rate limit is a retryable rate_limit error (70031)', async () => {
    sandbox.setRateLimit(2, 60);
    try {
      await connector.carriers(token);
      await connector.carriers(token);
      const limited = await failure(connector.carriers(token));
      expect(limited).toMatchObject({ kind: 'rate_limit', code: '70031', retryable: true });
      expect(limited.message).toBe('拼多多接口调用过于频繁，稍后自动重试');
      // Another method has its own budget.
      const own = [...sandbox.orders.values()].find((o) => o.shopId === '900001');
      expect((await connector.orderDetail(token, own?.orderNo ?? '')).orderNo).toBe(own?.orderNo);
    } finally {
      sandbox.setRateLimit(100, 1);
    }
  });

  it('a spent decryption quota is a quota error', async () => {
    const small = new PddSandbox({ apps: [PDD_SANDBOX_APP], now: clock.now, decryptQuota: 2, seedOrders: 1 });
    const smallServed = await serveSandbox(small);
    try {
      const c = connect(PDD_SANDBOX_APP.clientSecret, PddSandbox.endpoints(smallServed.url));
      const back = await authoriseInBrowser(c, { shopId: '900001', state: 's' });
      const shop = await c.exchangeCode(back.get('code') ?? '');
      const [order] = [...small.orders.values()];
      if (!order) throw new Error('the shop was seeded with an order');
      const items = [order.cipher.name, order.cipher.mobile].map((ciphertext) => ({
        orderNo: order.orderNo,
        ciphertext,
      }));
      expect((await c.decrypt(shop.accessToken, items)).every((r) => r.ok)).toBe(true);
      const spent = await failure(c.decrypt(shop.accessToken, items));
      expect(spent).toMatchObject({ kind: 'quota', message: '拼多多解密额度已用完，请稍后再试' });
    } finally {
      await smallServed.close();
    }
  });

  it('HTML, an HTTP error or no answer: retryable errors that say so', async () => {
    const proxy = await brokenServer(200, '<html><body>502 Bad Gateway</body></html>');
    const down = await brokenServer(503, 'Service Unavailable', 'text/plain');
    try {
      const html = await failure(
        connect(undefined, { gatewayUrl: proxy.url, authUrl: proxy.url }).carriers(token),
      );
      expect(html).toMatchObject({ kind: 'bad_answer', retryable: true });
      const http = await failure(
        connect(undefined, { gatewayUrl: down.url, authUrl: down.url }).carriers(token),
      );
      expect(http).toMatchObject({ kind: 'server', code: 'http 503', retryable: true });
      const huge = await brokenServer(200, `{"x":"${'x'.repeat(9 * 1024 * 1024)}"}`, 'application/json');
      try {
        const tooLarge = await failure(
          connect(undefined, { gatewayUrl: huge.url, authUrl: huge.url }).carriers(token),
        );
        expect(tooLarge).toMatchObject({ kind: 'bad_answer', code: `answer over ${8 * 1024 * 1024} bytes` });
      } finally {
        await huge.close();
      }
      const gone = await closedPort();
      const network = await failure(connect(undefined, { gatewayUrl: gone, authUrl: gone }).carriers(token));
      expect(network).toMatchObject({
        kind: 'network',
        retryable: true,
        message: '连接拼多多超时或失败，稍后自动重试',
      });
    } finally {
      await proxy.close();
      await down.close();
    }
  });

  it('the sandbox reads no request body over 1 MB (413), its page included', async () => {
    const big = 'a='.concat('x'.repeat(1024 * 1024 + 1));
    const gateway = await fetch(PddSandbox.endpoints(served.url).gatewayUrl, { method: 'POST', body: big });
    expect(gateway.status).toBe(413);
    const page = await fetch(PddSandbox.endpoints(served.url).authUrl, { method: 'POST', body: big });
    expect(page.status).toBe(413);
  });
});
