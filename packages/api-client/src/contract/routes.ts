import * as z from 'zod';
import { emptyDataSchema, loginBodySchema, loginResultSchema, sendCodeBodySchema } from './auth.js';
import { deletedSchema, passthroughQuerySchema } from './common.js';
import {
  bannerSaveBodySchema,
  companySchema,
  companyUpdateBodySchema,
  idQuerySchema,
  platformAuthDelQuerySchema,
  platformAuthListQuerySchema,
  platformAuthSaveBodySchema,
  platformAuthSchema,
  platformSaveBodySchema,
  platformSchema,
} from './company.js';
import { bannerSchema, companyConfigSchema } from './config.js';
import {
  copyCreateBodySchema,
  copyCreateResultSchema,
  copyRecordListParamsSchema,
  copyRecordSchema,
} from './copy.js';
import { goodsDetailParamsSchema, goodsListParamsSchema, goodsSaveBodySchema, goodsSchema } from './goods.js';
import { pageSchema } from './list.js';
import { logEntrySchema, logListParamsSchema } from './log.js';
import {
  afterSaleListParamsSchema,
  afterSaleOrderSchema,
  orderListParamsSchema,
  orderSchema,
} from './order.js';
import { MAX_UNIX_SECONDS } from './rules.js';
import { settingsSchema, settingsUpdateBodySchema } from './setting.js';
import {
  shopGroupDelBodySchema,
  shopGroupListParamsSchema,
  shopGroupSaveBodySchema,
  shopGroupSchema,
  shopListParamsSchema,
  shopMoveBodySchema,
  shopSchema,
} from './shop.js';
import { currentUserSchema, userInfoBodySchema } from './user.js';

/** A body with no fields of its own (only the signing fields `nonce` and `ts`, which parsing strips). */
export const emptyBodySchema = z.object({});

/** The signing fields the client adds to every body (DESIGN.md section 2). */
export const signingFieldsSchema = z.object({
  nonce: z.string().regex(/^[A-Za-z0-9]{16}$/),
  ts: z.coerce.number().int().min(0).max(MAX_UNIX_SECONDS),
});
export type SigningFields = z.infer<typeof signingFieldsSchema>;

/**
 * Who may make a call: `public` (anyone; still signed), `user` (a valid bearer token), `operator` (a
 * signed-in user with `is_manage`). The server's authorisation middleware reads it; finer rights
 * (such as `order:view`) go beside it in {@link RouteContract}, not in place of it.
 */
export type RouteAccess = 'public' | 'user' | 'operator';

/** One call of the API: who may make it and the shapes of its body, query and answer `data`. */
export interface RouteContract {
  /** Who may call it (see {@link RouteAccess}). */
  readonly access: RouteAccess;
  /** The JSON body, without the signing fields. Parsing strips unknown keys. */
  readonly body: z.ZodType;
  /** The query string, when the call reads one. Query values arrive as strings. */
  readonly query?: z.ZodType;
  /** The `data` of the success envelope. */
  readonly data: z.ZodType;
  /**
   * Set on every call that writes: its Chinese name in the operation log (操作日志). The server logs
   * one entry for each successful call that has it (action code: {@link auditAction}), and a test
   * fails for a call that changes data without it.
   */
  readonly audit?: string;
}

/**
 * Every call of the API by path: the server validates with these, the client validates answers with
 * them in development (`validateResponses`), and tests can walk them.
 */
export const apiRoutes = {
  '/api/default/send-code': { access: 'public', body: sendCodeBodySchema, data: emptyDataSchema },
  '/api/default/login': { access: 'public', body: loginBodySchema, data: loginResultSchema, audit: '登录' },
  '/api/default/logout': { access: 'public', body: emptyBodySchema, data: emptyDataSchema },
  '/api/default/config': { access: 'public', body: emptyBodySchema, data: companyConfigSchema },
  '/api/user/info': { access: 'user', body: userInfoBodySchema, data: currentUserSchema },

  '/api/company/index': { access: 'operator', body: emptyBodySchema, data: companySchema },
  '/api/company/update': {
    access: 'operator',
    body: companyUpdateBodySchema,
    data: companySchema,
    audit: '修改公司信息',
  },
  '/api/company/ad-save': {
    access: 'operator',
    body: bannerSaveBodySchema,
    query: passthroughQuerySchema,
    data: bannerSchema,
    audit: '保存横幅',
  },
  '/api/company/ad-del': {
    access: 'operator',
    body: emptyBodySchema,
    query: idQuerySchema,
    data: deletedSchema,
    audit: '删除横幅',
  },
  '/api/company/platform-save': {
    access: 'operator',
    body: platformSaveBodySchema,
    query: passthroughQuerySchema,
    data: platformSchema,
    audit: '保存平台',
  },
  '/api/company/platform-list': {
    access: 'operator',
    body: emptyBodySchema,
    data: z.array(platformSchema).max(1000),
  },
  '/api/company/platform-del': {
    access: 'operator',
    body: emptyBodySchema,
    query: idQuerySchema,
    data: deletedSchema,
    audit: '删除平台',
  },
  '/api/company/platform-auth-save': {
    access: 'operator',
    body: platformAuthSaveBodySchema,
    query: passthroughQuerySchema,
    data: platformAuthSchema,
    audit: '保存平台授权',
  },
  '/api/company/platform-auth-del': {
    access: 'operator',
    body: emptyBodySchema,
    query: platformAuthDelQuerySchema,
    data: deletedSchema,
    audit: '删除平台授权',
  },
  '/api/company/platform-auth-list': {
    access: 'operator',
    body: emptyBodySchema,
    query: platformAuthListQuerySchema,
    data: z.array(platformAuthSchema).max(1000),
  },

  '/api/setting/index': { access: 'user', body: emptyBodySchema, data: settingsSchema },
  '/api/setting/update': {
    access: 'user',
    body: settingsUpdateBodySchema,
    data: settingsSchema,
    audit: '修改代发设置',
  },

  '/api/order/index': { access: 'user', body: orderListParamsSchema, data: pageSchema(orderSchema) },
  '/api/order/after-sale': {
    access: 'user',
    body: afterSaleListParamsSchema,
    data: pageSchema(afterSaleOrderSchema),
  },

  '/api/shop/index': { access: 'user', body: shopListParamsSchema, data: pageSchema(shopSchema) },
  '/api/shop/group-index': {
    access: 'user',
    body: shopGroupListParamsSchema,
    data: pageSchema(shopGroupSchema),
  },
  '/api/shop/group-save': {
    access: 'user',
    body: shopGroupSaveBodySchema,
    data: shopGroupSchema,
    audit: '保存店铺分组',
  },
  '/api/shop/group-del': {
    access: 'user',
    body: shopGroupDelBodySchema,
    data: deletedSchema,
    audit: '删除店铺分组',
  },
  '/api/shop/move': { access: 'user', body: shopMoveBodySchema, data: shopSchema, audit: '移动店铺' },

  '/api/goods/index': { access: 'user', body: goodsListParamsSchema, data: pageSchema(goodsSchema) },
  '/api/goods/detail': { access: 'user', body: goodsDetailParamsSchema, data: goodsSchema },
  '/api/goods/save': { access: 'user', body: goodsSaveBodySchema, data: goodsSchema, audit: '保存商品' },

  '/api/copy/index': { access: 'user', body: copyRecordListParamsSchema, data: pageSchema(copyRecordSchema) },
  '/api/copy/create': {
    access: 'user',
    body: copyCreateBodySchema,
    data: copyCreateResultSchema,
    audit: '创建复制任务',
  },

  '/api/log/index': { access: 'user', body: logListParamsSchema, data: pageSchema(logEntrySchema) },
} as const satisfies Record<string, RouteContract>;

export type ApiPath = keyof typeof apiRoutes;
/** The parsed `data` type of a path's success answer. */
export type ApiData<P extends ApiPath> = z.output<(typeof apiRoutes)[P]['data']>;
/** What a caller may send as the body of a path. */
export type ApiBody<P extends ApiPath> = z.input<(typeof apiRoutes)[P]['body']>;

/** The stable action code of a call in the operation log: `/api/goods/save` -> `goods.save`. */
export function auditAction(path: ApiPath): string {
  return path.slice('/api/'.length).replace('/', '.');
}

/** Every action of the operation log with its label (the filter of 操作日志 offers them). */
export const AUDIT_ACTIONS: readonly { action: string; label: string }[] = (
  Object.keys(apiRoutes) as ApiPath[]
).flatMap((path) => {
  const label = (apiRoutes[path] as RouteContract).audit;
  return label ? [{ action: auditAction(path), label }] : [];
});

/** Public paths (no token needed; still signed). */
export const PUBLIC_PATHS: readonly ApiPath[] = (Object.keys(apiRoutes) as ApiPath[]).filter(
  (path) => apiRoutes[path].access === 'public',
);
