import { createHmac } from 'node:crypto';
import { ALIBABA_SANDBOX_APP, AlibabaSandbox } from '@consign/platform-sandboxes/alibaba';
import { type ServedSandbox, serveSandbox } from '@consign/platform-sandboxes/core';
import { alibabaSign as sandboxAlibabaSign } from '@consign/platform-sandboxes/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALIBABA_APIS,
  ALIBABA_CODES,
  AlibabaConnector,
  alibabaPath,
  alibabaSign,
  alibabaTime,
  type PurchaseAddress,
  SupplierError,
} from '../src/platforms/alibaba';
import { TestClock } from './helpers';
import { brokenServer, closedPort, decideOnAuthorisationPage } from './platform-helpers';

/** The 1688 connector against the 1688 sandbox over real HTTP, and its signature against 1688's vector. */

describe('alibabaSign', () => {
  const secret = 'test_app_secret_0123456789abcdef';
  const path = 'param2/1/com.alibaba.trade/alibaba.trade.getBuyerOrderList/1234567';
  const params = {
    access_token: 'tok-simple-0001',
    createStartTime: '2026-10-01 00:00:00',
    createEndTime: '2026-10-01 23:59:59',
    isHis: 'false',
    orderStatus: 'waitbuyerreceive',
    page: '1',
    pageSize: '50',
    webSite: '1688',
  };

  it('gives the published vector, in the connector and in the sandbox (its own signer)', () => {
    expect(alibabaSign(secret, path, params)).toBe('EC0BC1B49C629EDFD286D936EFC6E497D673EADA');
    expect(sandboxAlibabaSign(secret, path, params)).toBe('EC0BC1B49C629EDFD286D936EFC6E497D673EADA');
  });

  it('signs the path from param2/ and the parameters sorted by key, whatever their order', () => {
    expect(alibabaPath('com.alibaba.trade:alibaba.trade.getBuyerOrderList', '1234567')).toBe(path);
    const reversed = Object.fromEntries(Object.entries(params).reverse());
    expect(alibabaSign(secret, path, reversed)).toBe('EC0BC1B49C629EDFD286D936EFC6E497D673EADA');
    // One character of a value changes the signature.
    expect(alibabaSign(secret, path, { ...params, page: '2' })).not.toBe(
      'EC0BC1B49C629EDFD286D936EFC6E497D673EADA',
    );
    // The same formula written out by hand.
    const text = `${path}access_token${params.access_token}createEndTime${params.createEndTime}createStartTime${params.createStartTime}isHisfalseorderStatuswaitbuyerreceivepage1pageSize50webSite1688`;
    expect(createHmac('sha1', secret).update(text).digest('hex').toUpperCase()).toBe(
      'EC0BC1B49C629EDFD286D936EFC6E497D673EADA',
    );
  });

  it("reads 1688's time stamps (Beijing time)", () => {
    expect(alibabaTime('20261201083000000+0800')).toBe(Date.parse('2026-12-01T00:30:00Z') / 1000);
    expect(alibabaTime('20261201083000+0800')).toBe(Date.parse('2026-12-01T00:30:00Z') / 1000);
    expect(alibabaTime('')).toBeNull();
    expect(alibabaTime('tomorrow')).toBeNull();
  });
});

describe('AlibabaConnector against the sandbox', () => {
  const clock = new TestClock();
  const redirectUri = 'http://127.0.0.1:8080/supplier/authorised';
  let sandbox: AlibabaSandbox;
  let served: ServedSandbox;
  let connector: AlibabaConnector;
  let token = '';
  let refresh = '';

  const connect = (
    clientSecret = ALIBABA_SANDBOX_APP.clientSecret,
    endpoints = AlibabaSandbox.endpoints(served.url),
  ) => new AlibabaConnector({ app: { ...ALIBABA_SANDBOX_APP, clientSecret }, endpoints, now: clock.now });
  const failure = async (promise: Promise<unknown>): Promise<SupplierError> => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SupplierError);
    return error as SupplierError;
  };
  const address: PurchaseAddress = {
    fullName: '张伟',
    mobile: '13800138000',
    provinceText: '浙江省',
    cityText: '杭州市',
    areaText: '西湖区',
    address: '文三路 478 号',
  };
  const authorise = async (decision: 'agree' | 'deny' = 'agree') => {
    const back = await decideOnAuthorisationPage(connector.authoriseUrl({ redirectUri, state: 'state-1' }), {
      shopId: 'b2b-2206600001',
      decision,
    });
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('state-1');
    return back.searchParams;
  };

  beforeAll(async () => {
    sandbox = new AlibabaSandbox({ apps: [ALIBABA_SANDBOX_APP], now: clock.now, shipAfterSeconds: 300 });
    served = await serveSandbox(sandbox);
    connector = connect();
  });
  afterAll(() => served.close());

  it('authorises a buyer account: 拒绝 gives no code; 同意授权 a single-use code bound to its redirect', async () => {
    expect((await authorise('deny')).get('error')).toBe('access_denied');
    const code = (await authorise()).get('code') ?? '';
    expect(code).toMatch(/^[0-9a-f]{32}$/);
    expect((await failure(connector.exchangeCode(code, 'http://127.0.0.1:9/elsewhere'))).kind).toBe('auth');
    const auth = await connector.exchangeCode(code, redirectUri);
    expect(auth.memberId).toBe('b2b-2206600001');
    expect(auth.loginId).toBe('沙箱采购账号');
    expect(auth.expiresAt).toBe(Math.floor(clock.now() / 1000) + 10 * 3600);
    expect(auth.refreshExpiresAt).toBe(Math.floor(clock.now() / 1000) + 180 * 86_400);
    const reused = await failure(connector.exchangeCode(code, redirectUri));
    expect(reused.kind).toBe('auth');
    expect(reused.message).toBe('1688账号授权已失效，请在代发设置中重新授权');
    token = auth.accessToken;
    refresh = auth.refreshToken;
  });

  it('reads an offer with specs: title, absolute images, 代发价 in 分 and stock per spec', async () => {
    const offer = await connector.offer(token, '610000000001');
    expect(offer.title).toBe('纯棉宽松短袖T恤 男女同款 夏季新款');
    expect(offer.status).toBe('published');
    expect(offer.images).toEqual([
      'https://cbu01.alicdn.com/img/ibank/O1CN01sandbox0001.jpg',
      'https://cbu01.alicdn.com/img/ibank/O1CN01sandbox0002.jpg',
    ]);
    expect(offer.skus.map((sku) => [sku.spec, sku.priceFen, sku.stock])).toEqual([
      ['白色,L', 1850, 120],
      ['白色,XL', 1850, 80],
      ['藏青,XL', 1990, 0],
    ]);
    expect(offer.skus[0]?.attributes).toEqual([
      { name: '颜色', value: '白色' },
      { name: '尺码', value: 'L' },
    ]);
    const plain = await connector.offer(token, '610000000002');
    expect(plain.skus).toEqual([]);
    expect([plain.priceFen, plain.stock]).toEqual([2390, 50]);
    expect((await connector.offer(token, '610000000003')).status).toBe('deleted');
    const missing = await failure(connector.offer(token, '699999999999'));
    expect([missing.kind, missing.code, missing.message]).toEqual([
      'refused',
      ALIBABA_CODES.offerMissing,
      '1688商品不存在或已下架',
    ]);
  });

  it("reads an offer only in the buyer's 铺货列表: the relation first, once; a lost one re-established once", async () => {
    const apis = (from: number) =>
      sandbox.calls.slice(from).map((c) => `${c.api.split(':')[1]}${c.error ? ` ${c.error}` : ''}`);
    sandbox.pushed.clear();
    // The sandbox is as strict as 1688's documentation: productInfo without the relation is refused.
    const raw = async (api: string, business: Record<string, string>) => {
      const urlPath = alibabaPath(api, ALIBABA_SANDBOX_APP.clientId);
      const params: Record<string, string> = {
        ...business,
        access_token: token,
        _aop_timestamp: String(clock.now()),
      };
      params._aop_signature = alibabaSign(ALIBABA_SANDBOX_APP.clientSecret, urlPath, params);
      const response = await fetch(`${served.url}/${urlPath}`, {
        method: 'POST',
        body: new URLSearchParams(params),
      });
      return (await response.json()) as Record<string, unknown>;
    };
    expect(await raw(ALIBABA_APIS.productInfo, { productId: '610000000001' })).toEqual({
      success: false,
      message: '没有该商品的查询权限',
    });
    expect(await raw(ALIBABA_APIS.pushProducts, { productIdList: '[]' })).toEqual({
      result: { success: false, errorCode: 'OFFERIDS_IS_NULL', errorMsg: '商品ID列表参数为空' },
    });

    // A relation the caller does not know of: established before the read, then remembered.
    let known = false;
    let remembered = 0;
    const relation = {
      known: async () => known,
      remember: async () => {
        known = true;
        remembered++;
      },
    };
    let from = sandbox.calls.length;
    expect((await connector.offer(token, '610000000001', relation)).skus).toHaveLength(3);
    expect(apis(from)).toEqual(['alibaba.cross.syncProductListPushed', 'alibaba.cross.productInfo']);
    from = sandbox.calls.length;
    await connector.offer(token, '610000000001', relation);
    expect(apis(from)).toEqual(['alibaba.cross.productInfo']);
    expect(remembered).toBe(1);

    // Remembered, but gone at 1688: refused once, re-established once, read again.
    sandbox.pushed.clear();
    from = sandbox.calls.length;
    expect((await connector.offer(token, '610000000001', relation)).title).toBe(
      '纯棉宽松短袖T恤 男女同款 夏季新款',
    );
    expect(apis(from)).toEqual([
      'alibaba.cross.productInfo no_read_permission',
      'alibaba.cross.syncProductListPushed',
      'alibaba.cross.productInfo',
    ]);
    expect(remembered).toBe(2);
  });

  it('previews a purchase in 分 without buying, then places it once per outOrderId', async () => {
    const white = (await connector.offer(token, '610000000001')).skus[1];
    const cargo = [
      { offerId: '610000000001', specId: white?.specId, quantity: 2 },
      { offerId: '610000000002', quantity: 1 },
    ];
    const [preview] = await connector.preview(token, { address, cargo });
    expect(preview).toMatchObject({
      goodsFen: 2 * 1850 + 2390,
      freightFen: 600,
      totalFen: 2 * 1850 + 2390 + 600,
    });
    expect(preview?.cargo.map((c) => c.unitPriceFen)).toEqual([1850, 2390]);
    expect(sandbox.purchases.size).toBe(0);

    const input = {
      address,
      cargo,
      outOrderId: 'consign-1001',
      cipher: {
        platform: 'pinduoduo' as const,
        orderNo: '251125-000000001',
        appKey: 'sandbox-pdd-client',
        shopId: '100001',
        cipher: { name: '~n~', mobile: '~m~', address: '~a~' },
      },
    };
    const first = await connector.createOrder(token, input);
    expect(first).toMatchObject({ totalFen: 2 * 1850 + 2390 + 600, freightFen: 600 });
    const again = await connector.createOrder(token, input);
    expect(again.orderId).toBe(first.orderId);
    expect(sandbox.ordersFor('consign-1001')).toHaveLength(1);
    expect(sandbox.ordersFor('consign-1001')[0]?.encryptOutOrderInfo).toMatchObject({
      encryptOrder: true,
      outPlatformCode: 'pinduoduo',
      outPlatformOrderNo: '251125-000000001',
      encryptReceiverAddress: '~a~',
    });
    // Stock went down once.
    expect((await connector.offer(token, '610000000001')).skus[1]?.stock).toBe(78);

    // The order starts 待付款 and the supplier ships only paid orders: paid by 免密支付, it waits for the
    // supplier (no parcel yet), then has the tracking number.
    expect((await connector.order(token, first.orderId)).status).toBe('waitbuyerpay');
    expect(await connector.protocolPayOpen(token)).toBe(true);
    expect(await connector.protocolPay(token, first.orderId)).toBe(true);
    const waiting = await connector.order(token, first.orderId);
    expect([waiting.status, waiting.logistics]).toEqual(['waitsellersend', []]);
    clock.advance(301_000);
    const shipped = await connector.order(token, first.orderId);
    expect(shipped.status).toBe('waitbuyerreceive');
    expect(shipped.totalFen).toBe(first.totalFen);
    expect(shipped.logistics).toEqual([
      { companyName: '中通快递', billNo: expect.stringMatching(/^7\d{11}$/) },
    ]);
  });

  it('cancels an unpaid order (alibaba.trade.cancel); a paid, cancelled or unknown one is refused in words', async () => {
    const cargo = [{ offerId: '610000000002', quantity: 1 }];
    await connector.preview(token, { address, cargo });
    const unpaid = await connector.createOrder(token, { address, cargo, outOrderId: 'consign-cancel-1' });
    const calls = sandbox.callsOf(ALIBABA_APIS.cancel).length;
    await connector.cancelOrder(token, unpaid.orderId, '买家申请售后，取消采购');
    expect(sandbox.callsOf(ALIBABA_APIS.cancel).slice(calls)).toEqual([
      {
        api: ALIBABA_APIS.cancel,
        appKey: ALIBABA_SANDBOX_APP.clientId,
        memberId: 'b2b-2206600001',
        error: null,
      },
    ]);
    expect((await connector.order(token, unpaid.orderId)).status).toBe('cancel');
    const twice = await failure(connector.cancelOrder(token, unpaid.orderId, ''));
    expect([twice.kind, twice.code, twice.message]).toEqual([
      'refused',
      ALIBABA_CODES.orderState,
      '1688订单当前状态不允许此操作（已付款、已发货或已取消）',
    ]);

    await connector.preview(token, { address, cargo });
    const paid = await connector.createOrder(token, { address, cargo, outOrderId: 'consign-cancel-2' });
    expect(await connector.protocolPay(token, paid.orderId)).toBe(true);
    expect((await failure(connector.cancelOrder(token, paid.orderId, ''))).code).toBe(
      ALIBABA_CODES.orderState,
    );
    expect((await connector.order(token, paid.orderId)).status).toBe('waitsellersend');
    const missing = await failure(connector.cancelOrder(token, '999999999999999999', ''));
    expect([missing.kind, missing.code]).toEqual(['refused', ALIBABA_CODES.orderMissing]);
    expect((await failure(connector.cancelOrder(token, 'not-an-id', ''))).kind).toBe('invalid');
  });

  it('refuses out of stock, a price changed since the preview and a bad address, each in its own words', async () => {
    const offer = await connector.offer(token, '610000000001');
    const navy = offer.skus[2];
    const empty = await failure(
      connector.createOrder(token, {
        address,
        cargo: [{ offerId: '610000000001', specId: navy?.specId, quantity: 1 }],
        outOrderId: 'consign-1002',
      }),
    );
    expect([empty.kind, empty.code, empty.message]).toEqual([
      'refused',
      ALIBABA_CODES.outOfStock,
      '1688供应商库存不足',
    ]);
    expect(empty.retryable).toBe(false);

    const cup = [{ offerId: '610000000002', quantity: 1 }];
    await connector.preview(token, { address, cargo: cup });
    sandbox.reprice('610000000002', 2590);
    const changed = await failure(
      connector.createOrder(token, { address, cargo: cup, outOrderId: 'consign-1003' }),
    );
    expect([changed.code, changed.message]).toEqual([
      ALIBABA_CODES.priceChanged,
      '1688商品价格已变动，请重新预览后下单',
    ]);
    const [repriced] = await connector.preview(token, { address, cargo: cup });
    expect(repriced?.goodsFen).toBe(2590);
    expect(
      (await connector.createOrder(token, { address, cargo: cup, outOrderId: 'consign-1003' })).totalFen,
    ).toBe(2590 + 600);

    // A preview prices freight by region: it needs the district; an order needs the whole receiver.
    const nowhere = await failure(
      connector.preview(token, { address: { ...address, areaText: '' }, cargo: cup }),
    );
    expect([nowhere.kind, nowhere.code, nowhere.message]).toEqual([
      'refused',
      ALIBABA_CODES.badAddress,
      '收货地址不正确，1688无法下单',
    ]);
    const noMobile = await failure(
      connector.createOrder(token, {
        address: { ...address, mobile: '123' },
        cargo: cup,
        outOrderId: 'consign-1004',
      }),
    );
    expect([noMobile.code, noMobile.message]).toEqual([
      ALIBABA_CODES.badAddress,
      '收货地址不正确，1688无法下单',
    ]);
    expect(sandbox.ordersFor('consign-1004')).toHaveLength(0);
    const removed = await failure(
      connector.preview(token, { address, cargo: [{ offerId: '610000000003', quantity: 1 }] }),
    );
    expect(removed.code).toBe(ALIBABA_CODES.offerMissing);
    expect(sandbox.ordersFor('consign-1002')).toHaveLength(0);
  });

  it('an expired token is token_expired; the refresh gives a new one and keeps the refresh token', async () => {
    sandbox.expireAccessTokens();
    const expired = await failure(connector.offer(token, '610000000001'));
    expect([expired.kind, expired.code]).toEqual(['token_expired', ALIBABA_CODES.tokenExpired]);
    const renewed = await connector.refreshToken(refresh);
    expect(renewed.accessToken).not.toBe(token);
    expect(renewed.refreshToken).toBe(refresh);
    expect(renewed.memberId).toBe('b2b-2206600001');
    token = renewed.accessToken;
    expect((await connector.offer(token, '610000000002')).offerId).toBe('610000000002');
    expect((await failure(connector.refreshToken('not-a-refresh-token'))).kind).toBe('auth');
  });

  it('a wrong secret is a signature failure the operator can fix; throttling and outages retry', async () => {
    const wrong = await failure(connect('wrong-secret').offer(token, '610000000001'));
    expect([wrong.kind, wrong.code, wrong.retryable]).toEqual(['invalid', ALIBABA_CODES.signature, false]);
    expect(wrong.message).toContain('1688签名验证失败');
    expect(sandbox.calls.at(-1)?.error).toBe(ALIBABA_CODES.signature);

    sandbox.setRateLimit(1);
    try {
      const results = await Promise.allSettled([
        connector.offer(token, '610000000001'),
        connector.offer(token, '610000000001'),
        connector.offer(token, '610000000001'),
      ]);
      const limited = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as SupplierError] : []));
      // Three calls within the same second or two: at least one is over a limit of 1 per second.
      expect(limited.length).toBeGreaterThan(0);
      expect(limited.every((e) => e.kind === 'rate_limit' && e.retryable)).toBe(true);
    } finally {
      sandbox.setRateLimit(50);
    }

    const down = await brokenServer(502, '<html>Bad Gateway</html>');
    try {
      const outage = await failure(connect(undefined, AlibabaSandbox.endpoints(down.url)).offer(token, '1'));
      expect([outage.kind, outage.retryable, outage.message]).toEqual([
        'server',
        true,
        '1688服务暂时不可用，稍后自动重试',
      ]);
    } finally {
      await down.close();
    }
    // An outage during the token exchange is a retry, not a lost authorisation.
    const tokenDown = await brokenServer(
      503,
      '{"error":"server_error","error_description":"busy"}',
      'application/json',
    );
    try {
      const busy = await failure(
        connect(undefined, AlibabaSandbox.endpoints(tokenDown.url)).exchangeCode('c', redirectUri),
      );
      expect([busy.kind, busy.retryable]).toEqual(['server', true]);
    } finally {
      await tokenDown.close();
    }
    const garbage = await brokenServer(200, '<html>login</html>');
    try {
      expect(
        (await failure(connect(undefined, AlibabaSandbox.endpoints(garbage.url)).offer(token, '1'))).kind,
      ).toBe('bad_answer');
    } finally {
      await garbage.close();
    }
    const gone = await failure(
      connect(undefined, AlibabaSandbox.endpoints(await closedPort())).offer(token, '1'),
    );
    expect([gone.kind, gone.retryable]).toEqual(['network', true]);
  });
});
