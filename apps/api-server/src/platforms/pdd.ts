import { createHash } from 'node:crypto';
import { shanghaiDateTime } from '@consign/api-client';
import * as z from 'zod';
import {
  type AppCredentials,
  checkOrderWindow,
  type DecryptRequest,
  type DecryptResult,
  int,
  type OrderPage,
  type OrderStage,
  type OrderWindow,
  type PlatformCarrier,
  type PlatformConnector,
  type PlatformEndpoints,
  PlatformError,
  type PlatformOrder,
  type PlatformOrderItem,
  postForJson,
  type RefundStage,
  type ShipInput,
  type ShopAuthorisation,
  sellerMessage,
  str,
  yuanToFen,
} from './connector';
import { PDD_MESSAGE_DEFAULT_URL, pmcUrl } from './pdd-messages';

/**
 * 拼多多 open platform (open.pinduoduo.com): one router (`PDD_GATEWAY_URL`), every call a form POST of
 * the common parameters (`type`, `client_id`, `timestamp` in unix seconds, `data_type=JSON`,
 * `access_token`) and the business parameters, signed with `pddSign`. Answers are
 * `{"<name>_response": {...}}` or `{"error_response": {error_code, error_msg, sub_code, sub_msg}}`.
 * Amounts are 元 (converted once, here, to 分); times in orders are `yyyy-MM-dd HH:mm:ss`, Beijing time.
 */

export const PDD_DEFAULTS = {
  gatewayUrl: 'https://gw-api.pinduoduo.com/api/router',
  authUrl: 'https://fuwu.pinduoduo.com/service-market/auth',
  messageUrl: PDD_MESSAGE_DEFAULT_URL,
} as const;

/**
 * `upper(hex(md5(secret + k1 + v1 + k2 + v2 ... + secret)))` over every sent parameter but `sign`,
 * sorted by name. Values are the strings that are sent (objects as their JSON).
 */
export function pddSign(secret: string, params: Readonly<Record<string, string>>): string {
  const joined = Object.keys(params)
    .filter((key) => key !== 'sign')
    .sort()
    .map((key) => `${key}${params[key]}`)
    .join('');
  return createHash('md5').update(`${secret}${joined}${secret}`, 'utf8').digest('hex').toUpperCase();
}

/** Error codes the 拼多多 documentation and SDKs name. */
export const PDD_ERRORS = {
  /** 参数错误 */
  invalidParameter: 10000,
  /** access_token已过期 */
  tokenExpired: 10019,
  /** 签名验证失败 */
  badSignature: 20004,
  /** 当前接口被限流，请稍后重试 */
  throttled: 52101,
  /** 当前接口暂时不可用 / 服务暂时不可用 */
  unavailable: 52102,
  serviceDown: 52103,
  /** 调用过于频繁，请调整调用频率 */
  tooFrequent: 70031,
} as const;

/**
 * A spent decryption quota. The documentation we had names no code for it, so the sandbox answers this
 * `sub_code` and the connector reads it as `quota`; check it against the real platform before relying on it.
 */
export const PDD_DECRYPT_QUOTA_SUB_CODE = 'decrypt_quota_exceeded';

export const PDD_MAX_WINDOW_SECONDS = 30 * 60;
export const PDD_MAX_LOOKBACK_SECONDS = 90 * 24 * 3600;
export const PDD_MAX_PAGE_SIZE = 100;

/** `yyyy-MM-dd HH:mm:ss` in Beijing time (UTC+8) to unix seconds; null for an empty or odd value. */
export function beijingTime(value: unknown): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(str(value).trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, (h ?? 0) - 8, mi ?? 0, s ?? 0) / 1000;
}

/** Unix seconds to `yyyy-MM-dd HH:mm:ss` Beijing time (what the sandbox writes). */
export function toBeijingTime(unixSeconds: number): string {
  return shanghaiDateTime(unixSeconds);
}

const STAGES: Record<string, OrderStage> = { '1': 'to_ship', '2': 'shipped', '3': 'received' };
const REFUNDS: Record<string, RefundStage> = {
  '1': 'none',
  '2': 'in_progress',
  '3': 'in_progress',
  '4': 'refunded',
};

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** One order of `pdd.order.number.list.increment.get` or `pdd.order.information.get`, normalised. */
export function pddOrder(raw: Json): PlatformOrder {
  const orderNo = str(raw.order_sn);
  if (!orderNo) {
    throw new PlatformError(
      'pinduoduo',
      'bad_answer',
      sellerMessage('pinduoduo', 'bad_answer'),
      'order without order_sn',
    );
  }
  const status = str(raw.order_status);
  // confirm_status: 0 未成交 (not paid or the group not formed), 1 已成交, 2 已取消.
  const confirm = str(raw.confirm_status);
  const stage: OrderStage =
    confirm === '2' ? 'cancelled' : confirm === '0' ? 'unpaid' : (STAGES[status] ?? 'other');
  const items: PlatformOrderItem[] = list(raw.item_list).map((entry) => {
    const item = obj(entry);
    return {
      name: str(item.goods_name),
      spec: str(item.goods_spec),
      quantity: int('pinduoduo', item.goods_count, 'goods_count') ?? 0,
      priceFen: yuanToFen('pinduoduo', item.goods_price, 'goods_price'),
      goodsId: str(item.goods_id),
      skuId: str(item.sku_id),
      outerSkuId: str(item.outer_id),
      outerGoodsId: str(item.outer_goods_id),
    };
  });
  const shipped = str(raw.tracking_number);
  const createdAt = beijingTime(raw.created_time) ?? beijingTime(raw.confirm_time) ?? 0;
  return {
    platform: 'pinduoduo',
    orderNo,
    platformStatus: status,
    stage,
    platformRefundStatus: str(raw.refund_status),
    refund: REFUNDS[str(raw.refund_status)] ?? 'none',
    preSale: str(raw.is_pre_sale) === '1',
    shipBy: beijingTime(raw.pre_sale_time) ?? beijingTime(raw.last_ship_time),
    createdAt,
    paidAt: beijingTime(raw.pay_time) ?? beijingTime(raw.confirm_time),
    updatedAt: beijingTime(raw.updated_at) ?? createdAt,
    goodsFen: yuanToFen('pinduoduo', raw.goods_amount, 'goods_amount'),
    freightFen: yuanToFen('pinduoduo', raw.postage, 'postage'),
    discountFen: yuanToFen('pinduoduo', raw.discount_amount, 'discount_amount'),
    paidFen: yuanToFen('pinduoduo', raw.pay_amount, 'pay_amount'),
    buyerMessage: str(raw.buyer_memo),
    sellerMemo: str(raw.remark),
    items,
    receiver: {
      nameMasked: str(raw.receiver_name_mask),
      mobileMasked: str(raw.receiver_phone_mask),
      addressMasked: str(raw.address_mask),
      province: str(raw.province),
      city: str(raw.city),
      district: str(raw.town),
      // With the encryption of 2021 the plain fields carry the ciphertext.
      cipher: { name: str(raw.receiver_name), mobile: str(raw.receiver_phone), address: str(raw.address) },
    },
    shipment: shipped ? { carrierId: str(raw.logistics_id), trackingNo: shipped } : null,
  };
}

/** Makes every value the string that is sent: objects and arrays as compact JSON. */
function wireValue(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

export interface PddConnectorOptions {
  app: AppCredentials;
  endpoints: PlatformEndpoints;
  /** The clock (ms); tests and the sandbox share one. */
  now?: () => number;
  fetch?: typeof fetch;
}

export class PddConnector implements PlatformConnector {
  readonly platform = 'pinduoduo' as const;
  readonly maxWindowSeconds = PDD_MAX_WINDOW_SECONDS;
  readonly maxLookbackSeconds = PDD_MAX_LOOKBACK_SECONDS;
  readonly maxPageSize = PDD_MAX_PAGE_SIZE;
  readonly #now: () => number;

  constructor(private readonly options: PddConnectorOptions) {
    this.#now = options.now ?? Date.now;
  }

  /** The app's client id: a shop authorised through this connector was authorised by this app. */
  get appKey(): string {
    return this.options.app.clientId;
  }

  authoriseUrl({ redirectUri, state }: { redirectUri: string; state: string }): string {
    const url = new URL(this.options.endpoints.authUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.options.app.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    url.searchParams.set('view', 'web');
    return url.toString();
  }

  async exchangeCode(code: string): Promise<ShopAuthorisation> {
    const answer = await this.call(
      'pdd.pop.auth.token.create',
      { code },
      null,
      'pop_auth_token_create_response',
    );
    return this.authorisation(answer);
  }

  async refreshToken(refreshToken: string): Promise<ShopAuthorisation> {
    const answer = await this.call(
      'pdd.pop.auth.token.refresh',
      { refresh_token: refreshToken },
      null,
      'pop_auth_token_refresh_response',
    );
    return this.authorisation(answer);
  }

  async listChangedOrders(
    accessToken: string,
    window: OrderWindow,
    page: number,
    pageSize = PDD_MAX_PAGE_SIZE,
  ): Promise<OrderPage> {
    checkOrderWindow(this, window, page, pageSize, this.#now());
    const answer = await this.call(
      'pdd.order.number.list.increment.get',
      {
        start_updated_at: window.start,
        end_updated_at: window.end,
        // 5 = every shipping status and every after-sale status; 0 = lucky-draw orders too.
        order_status: 5,
        refund_status: 5,
        is_lucky_flag: 0,
        page,
        page_size: pageSize,
        use_has_next: true,
      },
      accessToken,
      'order_sn_increment_get_response',
    );
    const orders = list(answer.order_sn_list).map((entry) => pddOrder(obj(entry)));
    return {
      orders,
      total: int('pinduoduo', answer.total_count, 'total_count') ?? orders.length,
      hasMore: answer.has_next === true,
    };
  }

  async orderDetail(accessToken: string, orderNo: string): Promise<PlatformOrder> {
    const answer = await this.call(
      'pdd.order.information.get',
      { order_sn: orderNo },
      accessToken,
      'order_info_get_response',
    );
    return pddOrder(obj(answer.order_info));
  }

  async carriers(accessToken: string): Promise<PlatformCarrier[]> {
    const answer = await this.call(
      'pdd.logistics.companies.get',
      {},
      accessToken,
      'logistics_companies_get_response',
    );
    return list(answer.logistics_companies)
      .map(obj)
      .filter((company) => str(company.available) !== '0')
      .map((company) => ({
        id: str(company.id),
        code: str(company.code),
        name: str(company.logistics_company),
      }));
  }

  async ship(accessToken: string, input: ShipInput): Promise<void> {
    const answer = await this.call(
      'pdd.logistics.online.send',
      { order_sn: input.orderNo, logistics_id: input.carrier.id, tracking_number: input.trackingNo },
      accessToken,
      'logistics_online_send_response',
    );
    if (answer.is_success !== true) {
      throw new PlatformError(
        'pinduoduo',
        'business',
        sellerMessage('pinduoduo', 'business', '发货未成功'),
        'is_success false',
      );
    }
  }

  async decrypt(accessToken: string, items: DecryptRequest[]): Promise<DecryptResult[]> {
    if (items.length === 0) return [];
    if (items.length > 100) {
      throw new PlatformError(
        'pinduoduo',
        'invalid',
        sellerMessage('pinduoduo', 'invalid', '一次最多解密 100 条'),
      );
    }
    const answer = await this.call(
      'pdd.open.decrypt.batch',
      { data_list: items.map((item) => ({ data_tag: item.orderNo, encrypted_data: item.ciphertext })) },
      accessToken,
      'open_decrypt_batch_response',
    );
    const byCipher = new Map(list(answer.data_decrypt_list).map((e) => [str(obj(e).encrypted_data), obj(e)]));
    return items.map(({ ciphertext }): DecryptResult => {
      const entry = byCipher.get(ciphertext);
      if (entry && str(entry.error_code || '0') === '0') {
        return { ciphertext, ok: true, plaintext: str(entry.decrypted_data) };
      }
      return { ciphertext, ok: false, message: str(entry?.error_msg) || '解密失败' };
    });
  }

  // 消息服务 (PMC): platforms/pdd-messages.ts has the protocol, jobs/pdd-messages.ts the connection.

  /**
   * `pdd.pmc.user.permit`: opens the message service for the shop of `accessToken`, on the app's
   * topics (`topics` left out, as the documentation advises).
   */
  async permitMessages(accessToken: string): Promise<void> {
    const answer = await this.call('pdd.pmc.user.permit', {}, accessToken, 'pmc_user_permit_response');
    if (answer.is_success !== true) {
      throw new PlatformError(
        'pinduoduo',
        'business',
        sellerMessage('pinduoduo', 'business', '开通消息服务未成功'),
        'is_success false',
      );
    }
  }

  /** The app's signed 消息服务 URL at `nowMs` (holds the sign: never logged). */
  messageUrl(nowMs: number): string {
    const { clientId, clientSecret } = this.options.app;
    return pmcUrl(
      this.options.endpoints.messageUrl ?? PDD_MESSAGE_DEFAULT_URL,
      clientId,
      clientSecret,
      nowMs,
    );
  }

  private authorisation(answer: Json): ShopAuthorisation {
    const nowS = Math.floor(this.#now() / 1000);
    const accessToken = str(answer.access_token);
    const shopId = str(answer.owner_id);
    if (!accessToken || !shopId) {
      throw new PlatformError(
        'pinduoduo',
        'bad_answer',
        sellerMessage('pinduoduo', 'bad_answer'),
        'token without owner_id',
      );
    }
    const expiresIn = int('pinduoduo', answer.expires_in, 'expires_in');
    const refreshIn = int('pinduoduo', answer.refresh_token_expires_in, 'refresh_token_expires_in');
    return {
      shopId,
      shopName: str(answer.owner_name) || shopId,
      accessToken,
      refreshToken: str(answer.refresh_token),
      expiresAt: int('pinduoduo', answer.expires_at, 'expires_at') ?? nowS + (expiresIn ?? 0),
      refreshExpiresAt:
        int('pinduoduo', answer.refresh_token_expires_at, 'refresh_token_expires_at') ??
        (refreshIn === null ? null : nowS + refreshIn),
    };
  }

  /** One signed call; the object under `responseKey`, or a `PlatformError` (the publishing calls below use it too). */
  async call(
    type: string,
    business: Record<string, unknown>,
    accessToken: string | null,
    responseKey: string,
  ): Promise<Json> {
    const params: Record<string, string> = {
      type,
      client_id: this.options.app.clientId,
      timestamp: String(Math.floor(this.#now() / 1000)),
      data_type: 'JSON',
    };
    if (accessToken !== null) params.access_token = accessToken;
    for (const [key, value] of Object.entries(business)) {
      if (value !== undefined && value !== null) params[key] = wireValue(value);
    }
    params.sign = pddSign(this.options.app.clientSecret, params);
    const json = obj(
      await postForJson(
        'pinduoduo',
        this.options.endpoints.gatewayUrl,
        { body: new URLSearchParams(params).toString(), contentType: 'application/x-www-form-urlencoded' },
        this.options.fetch,
      ),
    );
    if (json.error_response !== undefined) {
      throw pddError(obj(json.error_response), accessToken === null);
    }
    const answer = json[responseKey];
    if (!answer || typeof answer !== 'object') {
      throw new PlatformError(
        'pinduoduo',
        'bad_answer',
        sellerMessage('pinduoduo', 'bad_answer'),
        `no ${responseKey}`,
      );
    }
    return answer as Json;
  }
}

/** An `error_response` as a `PlatformError`; for the token calls (`tokenCall`) a refusal means re-authorise. */
export function pddError(error: Json, tokenCall: boolean): PlatformError {
  const code = int('pinduoduo', error.error_code, 'error_code') ?? -1;
  const subCode = str(error.sub_code);
  const platformMessage = [str(error.error_msg), str(error.sub_msg)].filter(Boolean).join('：');
  const codeText = subCode && subCode !== String(code) ? `${code}/${subCode}` : String(code);
  const detail = str(error.sub_msg) || str(error.error_msg);
  const make = (kind: PlatformError['kind'], message = sellerMessage('pinduoduo', kind, detail)) =>
    new PlatformError('pinduoduo', kind, message, codeText, platformMessage);

  if (code === PDD_ERRORS.tooFrequent || code === PDD_ERRORS.throttled) return make('rate_limit');
  if (code === PDD_ERRORS.unavailable || code === PDD_ERRORS.serviceDown) return make('server');
  if (subCode === PDD_DECRYPT_QUOTA_SUB_CODE) return make('quota');
  if (code === PDD_ERRORS.badSignature) {
    return make('invalid', '拼多多签名验证失败，请检查平台授权中的 client secret 是否正确');
  }
  if (tokenCall) return make('auth');
  if (code === PDD_ERRORS.tokenExpired) return make('token_expired');
  if (code === PDD_ERRORS.invalidParameter) return make('invalid');
  return make('business');
}

// ---- 铺货 (publishing goods to a shop): the goods calls, each answer checked by its schema ----

const idOf = z.union([z.number(), z.string().regex(/^\d+$/)]).transform(String);

const authCatsAnswer = z.object({
  goods_cats_list: z.array(
    z.object({
      cat_id: idOf,
      cat_name: z.string(),
      parent_cat_id: idOf.optional(),
      leaf: z.boolean().optional(),
    }),
  ),
});
const catTemplateAnswer = z.object({
  properties: z.array(
    z.object({
      id: idOf,
      name: z.string(),
      required: z.boolean().nullish(),
      is_sale: z.boolean().nullish(),
      ref_pid: idOf.nullish(),
      spec_id: idOf.nullish(),
      values: z.array(z.object({ vid: idOf, value: z.string() })).nullish(),
    }),
  ),
});
const imageUploadAnswer = z.object({ image_url: z.string().min(1) });
const specIdAnswer = z.object({ spec_id: idOf, parent_spec_id: idOf, spec_name: z.string() });
const logisticsTemplatesAnswer = z.object({
  total_count: z.number().int().nonnegative(),
  logistics_template_list: z.array(z.object({ template_id: idOf, template_name: z.string() })),
});
const goodsAddAnswer = z.object({ goods_id: idOf, goods_commit_id: idOf });
const goodsUpdateAnswer = z.object({ goods_commit_id: idOf, is_success: z.boolean().nullish() });
const commitDetailAnswer = z.object({
  goods_commit_id: idOf,
  goods_id: idOf.nullish(),
  /** 0 编辑中, 1 待审核, 2 审核通过, 3 审核驳回. */
  goods_status: z.number().int(),
  commit_message: z.string().nullish(),
});

/** A category the shop may publish in (`pdd.goods.authorization.cats`). */
export type PddCategory = { catId: string; name: string; leaf: boolean };
/** A property of a category's template (`pdd.goods.cat.template.get`); `isSale`: a spec (SKU) dimension. */
export type PddTemplateProperty = z.infer<typeof catTemplateAnswer>['properties'][number];
/** What `pdd.goods.add` is sent (prices in 分, as the platform takes them). */
export interface PddGoodsAdd {
  goods_name: string;
  goods_desc: string;
  cat_id: string;
  cost_template_id: string;
  carousel_gallery: string[];
  detail_gallery: string[];
  market_price: number;
  out_goods_id: string;
  goods_properties: { template_pid: string; ref_pid?: string; vid?: string; value: string }[];
  sku_list: {
    spec_id_list: string;
    price: number;
    multi_price: number;
    quantity: number;
    out_sku_sn: string;
    thumb_url: string;
    weight: number;
    limit_quantity: number;
    is_onsale: 1;
  }[];
}

function parsed<T>(schema: z.ZodType<T>, answer: unknown, what: string): T {
  const result = schema.safeParse(answer);
  if (!result.success) {
    throw new PlatformError(
      'pinduoduo',
      'bad_answer',
      sellerMessage('pinduoduo', 'bad_answer'),
      `${what}: ${result.error.issues[0]?.path.join('.') ?? ''} ${result.error.issues[0]?.message ?? ''}`,
    );
  }
  return result.data;
}

/** What 铺货 sends the same on every goods it adds or edits: a domestic goods in stock, 7 天无理由. */
const PDD_GOODS_FIXED = {
  goods_type: 1,
  country_id: 0,
  is_pre_sale: false,
  shipment_limit_second: 172800,
  is_refundable: true,
  second_hand: false,
  is_folt: true,
};

/** The goods calls of 铺货 (docs/design.md#publishing-goods-to-a-shop) over a shop's access token. */
export const pddPublishing = {
  /** `pdd.goods.authorization.cats`: the shop's categories under `parentCatId` (0: the top level). */
  async authorisedCats(pdd: PddConnector, token: string, parentCatId = '0'): Promise<PddCategory[]> {
    const answer = await pdd.call(
      'pdd.goods.authorization.cats',
      { parent_cat_id: parentCatId },
      token,
      'goods_auth_cats_get_response',
    );
    return parsed(authCatsAnswer, answer, 'goods_auth_cats_get_response').goods_cats_list.map((cat) => ({
      catId: cat.cat_id,
      name: cat.cat_name,
      leaf: cat.leaf === true,
    }));
  },
  /** `pdd.goods.cat.template.get`: the properties of leaf category `catId` (which are required). */
  async catTemplate(pdd: PddConnector, token: string, catId: string): Promise<PddTemplateProperty[]> {
    const answer = await pdd.call(
      'pdd.goods.cat.template.get',
      { cat_id: catId },
      token,
      'open_api_response',
    );
    return parsed(catTemplateAnswer, answer, 'open_api_response').properties;
  },
  /** `pdd.goods.image.upload`: an image (its bytes, base64 with its data-URL prefix) to a platform URL. */
  async uploadImage(pdd: PddConnector, token: string, image: { bytes: Uint8Array; type: string }) {
    const data = `data:${image.type};base64,${Buffer.from(image.bytes).toString('base64')}`;
    const answer = await pdd.call(
      'pdd.goods.image.upload',
      { image: data },
      token,
      'goods_image_upload_response',
    );
    return parsed(imageUploadAnswer, answer, 'goods_image_upload_response').image_url;
  },
  /** `pdd.goods.spec.id.get`: the spec id of the seller's value `specName` under spec `parentSpecId`. */
  async specId(pdd: PddConnector, token: string, parentSpecId: string, specName: string): Promise<string> {
    const answer = await pdd.call(
      'pdd.goods.spec.id.get',
      { parent_spec_id: parentSpecId, spec_name: specName },
      token,
      'goods_spec_id_get_response',
    );
    return parsed(specIdAnswer, answer, 'goods_spec_id_get_response').spec_id;
  },
  /** `pdd.goods.logistics.template.get`: the shop's freight templates (first page of 100). */
  async freightTemplates(pdd: PddConnector, token: string) {
    const answer = await pdd.call(
      'pdd.goods.logistics.template.get',
      { page: 1, page_size: 100 },
      token,
      'goods_logistics_template_get_response',
    );
    return parsed(
      logisticsTemplatesAnswer,
      answer,
      'goods_logistics_template_get_response',
    ).logistics_template_list.map((t) => ({ id: t.template_id, name: t.template_name }));
  },
  /** `pdd.goods.add`: creates the goods; answers its goods id and the commit (the review) id. */
  async addGoods(pdd: PddConnector, token: string, goods: PddGoodsAdd) {
    const answer = await pdd.call(
      'pdd.goods.add',
      { ...goods, ...PDD_GOODS_FIXED },
      token,
      'goods_add_response',
    );
    const added = parsed(goodsAddAnswer, answer, 'goods_add_response');
    return { goodsId: added.goods_id, commitId: added.goods_commit_id };
  },
  /**
   * `pdd.goods.information.update`: edits goods `goodsId` with the add's fields and submits it to review
   * again (重新发布 of a rejected goods); answers the same goods id and the new commit id. Its SKUs are
   * sent without `sku_id`, as new ones (their `quantity` the stock): a rejected goods was never on sale.
   */
  async editGoods(pdd: PddConnector, token: string, goodsId: string, goods: PddGoodsAdd) {
    const answer = await pdd.call(
      'pdd.goods.information.update',
      { ...goods, ...PDD_GOODS_FIXED, goods_id: goodsId },
      token,
      'goods_update_response',
    );
    const edited = parsed(goodsUpdateAnswer, answer, 'goods_update_response');
    if (edited.is_success === false) {
      throw new PlatformError(
        'pinduoduo',
        'business',
        sellerMessage('pinduoduo', 'business', '商品编辑未成功'),
        'goods_update_response.is_success false',
      );
    }
    return { goodsId, commitId: edited.goods_commit_id };
  },
  /** `pdd.goods.commit.detail.get`: the review of a commit: 审核中, 已通过 (the goods id) or 驳回 (why). */
  async commitDetail(pdd: PddConnector, token: string, commitId: string) {
    const answer = await pdd.call(
      'pdd.goods.commit.detail.get',
      { goods_commit_id: commitId },
      token,
      'goods_commit_detail_response',
    );
    const detail = parsed(commitDetailAnswer, answer, 'goods_commit_detail_response');
    const review =
      detail.goods_status === 2
        ? 'approved'
        : detail.goods_status === 3
          ? 'rejected'
          : ('reviewing' as const);
    return { review, goodsId: detail.goods_id ?? null, message: detail.commit_message ?? '' };
  },
};

// ---- 货源监控 (docs/design.md#supplier-monitor): a published goods' SKUs, prices, stock and sale state ----

const goodsDetailAnswer = z.object({
  goods_id: idOf,
  sku_list: z.array(
    z.object({
      sku_id: idOf,
      out_sku_sn: z.string().nullish(),
      multi_price: z.coerce.number().int(),
      price: z.coerce.number().int(),
      quantity: z.coerce.number().int(),
      is_onsale: z.number().int().nullish(),
    }),
  ),
});
const successAnswer = z.object({ is_success: z.boolean() });

/** The calls 货源监控 makes on a published goods (prices in 分). */
export const pddListingCalls = {
  /** `pdd.goods.detail.get`: the goods' SKUs (their platform ids by 商家编码, prices, stock). */
  async goodsDetail(pdd: PddConnector, token: string, goodsId: string) {
    const answer = await pdd.call(
      'pdd.goods.detail.get',
      { goods_id: goodsId },
      token,
      'goods_detail_get_response',
    );
    return parsed(goodsDetailAnswer, answer, 'goods_detail_get_response').sku_list.map((sku) => ({
      skuId: sku.sku_id,
      outSkuSn: sku.out_sku_sn ?? '',
      multiPrice: sku.multi_price,
      price: sku.price,
      quantity: sku.quantity,
    }));
  },
  /** `pdd.goods.sku.price.update`: new 拼单价 (`group_price`) and 单买价 (`single_price`) per SKU. */
  async skuPrices(
    pdd: PddConnector,
    token: string,
    goodsId: string,
    skus: { skuId: string; groupPrice: number; singlePrice: number }[],
  ) {
    const answer = await pdd.call(
      'pdd.goods.sku.price.update',
      {
        goods_id: goodsId,
        sku_price_list: skus.map((s) => ({
          sku_id: Number(s.skuId),
          group_price: s.groupPrice,
          single_price: s.singlePrice,
        })),
        // Keep the goods' sale state as it is (0 would put it on sale).
        sync_goods_operate: 1,
      },
      token,
      'goods_update_sku_price_response',
    );
    return parsed(successAnswer, answer, 'goods_update_sku_price_response').is_success;
  },
  /** `pdd.goods.quantity.update`: one SKU's stock, set in full (`update_type` 1). */
  async quantity(pdd: PddConnector, token: string, goodsId: string, skuId: string, quantity: number) {
    const answer = await pdd.call(
      'pdd.goods.quantity.update',
      { goods_id: goodsId, sku_id: skuId, quantity, update_type: 1 },
      token,
      'goods_quantity_update_response',
    );
    return parsed(successAnswer, answer, 'goods_quantity_update_response').is_success;
  },
  /** `pdd.goods.sale.status.set`: on sale (1) or off (0). */
  async saleStatus(pdd: PddConnector, token: string, goodsId: string, onSale: boolean) {
    const answer = await pdd.call(
      'pdd.goods.sale.status.set',
      { goods_id: goodsId, is_onsale: onSale ? 1 : 0 },
      token,
      'goods_sale_status_set_response',
    );
    return parsed(successAnswer, answer, 'goods_sale_status_set_response').is_success;
  },
};
