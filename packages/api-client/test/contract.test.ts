import { describe, expect, it } from 'vitest';
import {
  apiRoutes,
  bannerSaveBodySchema,
  copyCreateBodySchema,
  currentUserSchema,
  envelopeSchema,
  goodsSaveBodySchema,
  goodsSkuSchema,
  hasPermission,
  isSafeUrl,
  listParamsSchema,
  loginBodySchema,
  memberSaveBodySchema,
  memberStatusBodySchema,
  orderListParamsSchema,
  PERMISSION_GROUPS,
  PERMISSION_LABELS,
  PERMISSIONS,
  pageSchema,
  type RouteContract,
  roleOf,
  roleSaveBodySchema,
  sendCodeBodySchema,
  shopListParamsSchema,
  shopSchema,
} from '../src/contract';

describe('contract schemas', () => {
  it("a SKU's 备用货源 is a second 1688 offer and spec, never the first one again", () => {
    const first = { offer_id: '610000000001', spec_id: 'spec-1', quantity: 1, cost: 1850 };
    const sku = { spec: '白色,L', price: 2990, stock: 1, outer_sku_id: '' };
    const backup = { offer_id: '610000000002', spec_id: null, quantity: 2, cost: 2390 };
    expect(goodsSkuSchema.parse({ ...sku, source: { ...first, backup } }).source?.backup).toEqual(backup);
    expect(goodsSkuSchema.parse({ ...sku, source: first }).source).toEqual(first);
    const same = goodsSkuSchema.safeParse({ ...sku, source: { ...first, backup: first } });
    expect(same.error?.issues[0]).toMatchObject({
      path: ['source', 'backup'],
      message: '备用货源不能与首选货源是同一规格',
    });
  });

  it('parses a send-code body, normalising the mobile and stripping the signing fields', () => {
    const parsed = sendCodeBodySchema.parse({
      mobile: ' 138 0000 0000 ',
      type: 1,
      sign_type: 1,
      ticket: 'dev-ticket',
      randstr: 'x',
      nonce: 'abcdefghijklmnop',
      ts: 1,
    });
    expect(parsed).toEqual({
      mobile: '13800000000',
      type: 1,
      sign_type: 1,
      ticket: 'dev-ticket',
      randstr: 'x',
    });
  });

  it('rejects a bad mobile or code with the spec messages', () => {
    const bad = loginBodySchema.safeParse({ mobile: '11800000000', code: '12345' });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(['请输入手机号', '请输入短信验证码']);
  });

  it('bounds list paging', () => {
    expect(listParamsSchema.safeParse({ pageIndex: 1, pageSize: 100 }).success).toBe(true);
    expect(listParamsSchema.safeParse({ pageIndex: 0, pageSize: 20 }).success).toBe(false);
    expect(listParamsSchema.safeParse({ pageIndex: 1, pageSize: 101 }).success).toBe(false);
    expect(listParamsSchema.safeParse({ pageIndex: 1.5, pageSize: 20 }).success).toBe(false);
  });

  it('treats empty filters as absent and coerces ids from query strings', () => {
    const parsed = orderListParamsSchema.parse({
      pageIndex: 2,
      pageSize: 20,
      keyword: '',
      status: '',
      shop_id: '12',
      start_date: '2026-11-01',
    });
    expect(parsed).toEqual({ pageIndex: 2, pageSize: 20, shop_id: 12, start_date: '2026-11-01' });
    expect(orderListParamsSchema.safeParse({ pageIndex: 1, pageSize: 20, status: 'lost' }).success).toBe(
      false,
    );
    expect(
      orderListParamsSchema.safeParse({ pageIndex: 1, pageSize: 20, start_date: '2026-13-01' }).success,
    ).toBe(false);
    expect(shopListParamsSchema.parse({ pageIndex: 1, pageSize: 20, group_id: '0' }).group_id).toBe(0);
  });

  it('accepts only http(s) URLs or same-origin paths', () => {
    for (const url of ['https://a.example/x.png', 'http://a.example', '/uploads/a.png']) {
      expect(isSafeUrl(url)).toBe(true);
    }
    for (const url of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      '//evil.example',
      '/\\evil',
      '/\t/evil.example/phish',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\u0000x',
      'https://a.example/\tx',
      'data:x',
      '',
    ]) {
      expect(isSafeUrl(url), JSON.stringify(url)).toBe(false);
    }
    const banner = { name: 'a', ad_login_image_url: 'javascript:alert(1)' };
    expect(bannerSaveBodySchema.safeParse(banner).success).toBe(false);
  });

  it('orders banner times and defaults missing ones to null', () => {
    const ok = bannerSaveBodySchema.parse({ name: 'a', ad_login_image_url: '/a.png' });
    expect(ok).toEqual({
      name: 'a',
      ad_url: '',
      ad_login_image_url: '/a.png',
      begin_time: null,
      end_time: null,
    });
    const reversed = { name: 'a', ad_login_image_url: '/a.png', begin_time: 20, end_time: 10 };
    expect(bannerSaveBodySchema.safeParse(reversed).success).toBe(false);
  });

  it('enforces goods limits', () => {
    const goods = { shop_id: 1, title: 'T', price: 1, stock: 0, status: 'draft', images: ['/a.png'] };
    expect(goodsSaveBodySchema.safeParse(goods).success).toBe(true);
    expect(goodsSaveBodySchema.safeParse({ ...goods, title: 'x'.repeat(61) }).success).toBe(false);
    expect(goodsSaveBodySchema.safeParse({ ...goods, price: 0 }).success).toBe(false);
    expect(goodsSaveBodySchema.safeParse({ ...goods, stock: -1 }).success).toBe(false);
    expect(goodsSaveBodySchema.safeParse({ ...goods, images: [] }).success).toBe(false);
    expect(goodsSaveBodySchema.safeParse({ ...goods, images: Array(10).fill('/a.png') }).success).toBe(false);
  });

  it('deduplicates copy links; the server, not the schema, refuses what is not a 1688 offer link', () => {
    const link = 'https://detail.1688.com/offer/610000000001.html';
    const parsed = copyCreateBodySchema.parse({ shop_id: 3, urls: [link, ` ${link} `] });
    expect(parsed.urls).toEqual([link]);
    // Any other text is answered in the result's `refused`, by name (goods-copy.test.ts in api-server).
    expect(copyCreateBodySchema.safeParse({ shop_id: 3, urls: ['/local'] }).success).toBe(true);
    expect(copyCreateBodySchema.safeParse({ shop_id: 3, urls: [''] }).success).toBe(false);
    expect(copyCreateBodySchema.safeParse({ shop_id: 3, urls: [] }).success).toBe(false);
    const many = Array.from({ length: 51 }, (_, i) => `https://detail.1688.com/offer/${i + 1}.html`);
    expect(copyCreateBodySchema.safeParse({ shop_id: 3, urls: many }).success).toBe(false);
  });

  it('parses envelopes and pages', () => {
    const schema = envelopeSchema(pageSchema(shopSchema));
    expect(schema.safeParse({ errorCode: 1, msg: 'no' }).success).toBe(true);
    expect(schema.safeParse({ errorCode: 0, data: { list: [], total: 0 } }).success).toBe(true);
    expect(schema.safeParse({ errorCode: 0, data: { list: [{}], total: 1 } }).success).toBe(false);
    expect(schema.safeParse({ errorCode: 2, data: null }).success).toBe(false);
  });

  it('derives the role from is_manage', () => {
    const user = currentUserSchema.parse({
      id: 1,
      mobile: '13800000000',
      nickname: '管理员',
      avatar_image: '',
      is_manage: true,
      created_at: 1,
      account_role: 'owner',
      permissions: ['order:view'],
    });
    expect(roleOf(user)).toBe('admin');
    expect(roleOf({ is_manage: false })).toBe('user');
    expect(roleOf(null)).toBe('user');
    expect(roleOf(undefined)).toBe('user');
  });

  it('checks permissions against the catalogue: hasPermission, and no unknown or repeated one in a role', () => {
    expect(hasPermission({ permissions: ['order:view'] }, 'order:view')).toBe(true);
    expect(hasPermission({ permissions: ['order:view'] }, 'team:manage')).toBe(false);
    expect(hasPermission(undefined, 'order:view')).toBe(false);
    expect(hasPermission({}, 'order:view')).toBe(false);
    expect(roleSaveBodySchema.safeParse({ name: '运营', permissions: ['order:view'] }).success).toBe(true);
    expect(roleSaveBodySchema.safeParse({ name: '运营', permissions: ['root:all'] }).success).toBe(false);
    expect(
      roleSaveBodySchema.safeParse({ name: '运营', permissions: ['order:view', 'order:view'] }).success,
    ).toBe(false);
    // Every permission a route names is in the catalogue, and has a label for the 权限管理 form.
    for (const route of Object.values(apiRoutes) as RouteContract[]) {
      if (route.permission) expect(PERMISSIONS).toContain(route.permission);
    }
    for (const permission of PERMISSIONS) expect(PERMISSION_LABELS[permission]).toMatch(/\p{Script=Han}/u);
    expect(PERMISSION_GROUPS.flatMap((group) => group.permissions).sort()).toEqual([...PERMISSIONS].sort());
  });

  it('asks a role or member update for the version it read; a create needs none', () => {
    const role = { name: '运营', permissions: ['order:view'] };
    expect(roleSaveBodySchema.safeParse(role).success).toBe(true);
    expect(roleSaveBodySchema.safeParse({ ...role, id: 3 }).success).toBe(false);
    expect(roleSaveBodySchema.safeParse({ ...role, id: 3, version: 2 }).success).toBe(true);
    const member = { nickname: '小王', role_id: 3 };
    expect(memberSaveBodySchema.safeParse({ ...member, mobile: '13900000001' }).success).toBe(true);
    expect(memberSaveBodySchema.safeParse({ ...member, id: 2 }).success).toBe(false);
    expect(memberSaveBodySchema.safeParse({ ...member, id: 2, version: 1 }).success).toBe(true);
    expect(memberStatusBodySchema.safeParse({ id: 2, status: 'disabled' }).success).toBe(false);
    expect(memberStatusBodySchema.safeParse({ id: 2, status: 'disabled', version: 1 }).success).toBe(true);
  });

  it('describes every call with a body and a data schema', () => {
    for (const [path, route] of Object.entries(apiRoutes)) {
      expect(path).toMatch(/^\/api\/[a-z]+\/[a-z-]+$/);
      expect(route.body.safeParse).toBeTypeOf('function');
      expect(route.data.safeParse).toBeTypeOf('function');
    }
    expect(apiRoutes['/api/default/config'].access).toBe('public');
    expect(apiRoutes['/api/order/index'].access).toBe('user');
    expect(apiRoutes['/api/company/update'].access).toBe('operator');
  });
});
