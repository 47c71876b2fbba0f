/**
 * The goods side of the 拼多多 sandbox (铺货), as strict as the platform's documentation:
 * - `pdd.goods.authorization.cats` (`parent_cat_id`): the categories the shop may publish in;
 * - `pdd.goods.cat.template.get` (`cat_id`, an authorised leaf): its properties, some `required`;
 * - `pdd.goods.image.upload` (`image`: a base64 JPEG or PNG, data-URL prefix allowed): a platform URL;
 * - `pdd.goods.spec.id.get` (`parent_spec_id` a spec of a template, `spec_name`): the spec id of a value;
 * - `pdd.goods.logistics.template.get`: the shop's freight templates;
 * - `pdd.goods.add`: refused unless the category is an authorised leaf, every required property has a
 *   value, every image is a URL this platform issued, the freight template is the shop's, each SKU's
 *   `spec_id_list` names issued spec ids and its prices are whole 分 > 0 with 拼单价 below 单买价, and
 *   `goods_desc` is 20..500 characters; answers `goods_id` and `goods_commit_id`;
 * - `pdd.goods.information.update` (`goods_id` a goods of the shop, not 待审核, and the fields of the add,
 *   checked as for the add): edits that goods and submits it to review again (a new `goods_commit_id`,
 *   answered in `goods_update_response` with `is_success`); a `sku_list` entry with `sku_id` edits that
 *   SKU (its `quantity` a change of the stock), one without is a new SKU; the goods keeps its id;
 * - `pdd.goods.commit.detail.get`: `goods_status` 1 (待审核) until `reviewMs` passed, then 2 (审核通过),
 *   or 3 (审核驳回, `commit_message`) when the test hook `rejectNextReview(reason)` asked for it (the
 *   next commit, an add's or an edit's; an edit fixes a rejected goods);
 * - 货源监控's calls on a goods of the shop that passed review (`goods_id`): `pdd.goods.detail.get` (its
 *   `sku_list` with each `sku_id` and `out_sku_sn`), `pdd.goods.sku.price.update` (`sku_price_list` of
 *   `{sku_id, group_price, single_price}` in whole 分 > 0, 拼单价 below 单买价 once applied),
 *   `pdd.goods.quantity.update` (`sku_id` or `outer_id`, `quantity`, `update_type` 1 full / 2 delta, never
 *   below 0), `pdd.goods.sale.status.set` (`is_onsale` 0 or 1). The goods remembers what was set.
 */

import type { SandboxItem } from './core';

export class PddGoodsRefusal extends Error {
  constructor(
    readonly subMsg: string,
    readonly subCode = '',
  ) {
    super(subMsg);
  }
}

interface Category {
  catId: number;
  name: string;
  parent: number;
  leaf: boolean;
}

interface TemplateProperty {
  id: number;
  name: string;
  required: boolean;
  is_sale: boolean;
  ref_pid: number;
  spec_id: number | null;
  values: { vid: number; value: string }[];
}

export interface SandboxGoods {
  goodsId: string;
  commitId: string;
  shopId: string;
  name: string;
  catId: number;
  /** The freight template (`cost_template_id`) as sent. */
  costTemplateId?: string;
  outGoodsId: string;
  /** `skuId` is the platform's (issued at the add), `outSkuSn` the seller's 商家编码 as sent. */
  skus: {
    skuId: string;
    specIds: number[];
    specName: string;
    outSkuSn: string;
    price: number;
    multiPrice: number;
    quantity: number;
  }[];
  /** On sale (pdd.goods.sale.status.set). */
  onSale: boolean;
  submittedAt: number;
  rejection: string | null;
}

/** Categories: a small tree; the leaves 9813 (T恤) and 9901 (保温杯). */
export const PDD_SANDBOX_CATEGORIES: Category[] = [
  { catId: 239, name: '男装', parent: 0, leaf: false },
  { catId: 9813, name: 'T恤', parent: 239, leaf: true },
  { catId: 1917, name: '家居生活', parent: 0, leaf: false },
  { catId: 9901, name: '保温杯', parent: 1917, leaf: true },
  { catId: 8439, name: '食品保健', parent: 0, leaf: false },
];

/** Which shops may publish in which top categories (the shop 900002 not in 家居生活). */
const AUTHORISED: Record<string, number[]> = { '900001': [239, 1917], '900002': [239] };

const SALE_SPEC = (id: number, name: string): TemplateProperty => ({
  id,
  name,
  required: false,
  is_sale: true,
  ref_pid: 0,
  spec_id: id,
  values: [],
});

const TEMPLATES: Record<number, TemplateProperty[]> = {
  9813: [
    { id: 310, name: '材质', required: true, is_sale: false, ref_pid: 1, spec_id: null, values: [] },
    { id: 311, name: '风格', required: false, is_sale: false, ref_pid: 2, spec_id: null, values: [] },
    SALE_SPEC(1001, '颜色'),
  ],
  9901: [
    { id: 320, name: '材质', required: true, is_sale: false, ref_pid: 1, spec_id: null, values: [] },
    { id: 321, name: '容量', required: true, is_sale: false, ref_pid: 3, spec_id: null, values: [] },
    SALE_SPEC(1002, '规格'),
  ],
};

const FREIGHT: Record<string, { template_id: number; template_name: string }[]> = {
  '900001': [
    { template_id: 71001, template_name: '全国包邮' },
    { template_id: 71002, template_name: '偏远地区不包邮' },
  ],
  '900002': [{ template_id: 72001, template_name: '二店包邮模板' }],
};

const IMAGE_HOST = 'https://img.pddpic.com/sandbox-goods/';
const DESC_MIN = 20;
const DESC_MAX = 500;

export class PddSandboxGoods {
  /** Every goods added, by goods id. */
  readonly goods = new Map<string, SandboxGoods>();
  /** How long a commit stays 待审核 (ms of the sandbox clock). */
  reviewMs = 60_000;
  readonly #images = new Set<string>();
  readonly #specIds = new Map<string, number>();
  #sequence = 0;
  #rejectNext: string | null = null;

  constructor(private readonly nowMs: () => number) {}

  /** The goods added to `shopId`. */
  goodsOf(shopId: string): SandboxGoods[] {
    return [...this.goods.values()].filter((g) => g.shopId === shopId);
  }

  /**
   * A buyer's order line of added goods `goodsId` (its SKU `skuIndex`), for `placeOrder(shop, { items })`:
   * the platform's goods and SKU ids, and the 商家编码 the seller sent (`outer_id` of the order).
   */
  orderItemOf(goodsId: string, skuIndex = 0, quantity = 1): SandboxItem {
    const goods = this.goods.get(goodsId);
    const sku = goods?.skus[skuIndex];
    if (!goods || !sku) throw new Error(`no goods ${goodsId} SKU ${skuIndex}`);
    return {
      goodsId,
      skuId: sku.skuId,
      name: goods.name,
      spec: sku.specName,
      quantity,
      priceFen: sku.multiPrice,
      outerSkuId: sku.outSkuSn,
      outerGoodsId: goods.outGoodsId,
    };
  }

  /** Test hook: the next commit submitted is rejected in review with `reason`. */
  rejectNextReview(reason: string) {
    this.#rejectNext = reason;
  }

  /** Test hook: every review finishes now. */
  finishReviews() {
    for (const goods of this.goods.values()) goods.submittedAt = this.nowMs() - this.reviewMs;
  }

  /** The answer of a goods method, or undefined when `method` is not one of them. */
  answer(method: string, params: Record<string, string>, shopId: string): unknown {
    switch (method) {
      case 'pdd.goods.authorization.cats':
        return {
          goods_auth_cats_get_response: { goods_cats_list: this.#cats(shopId, params.parent_cat_id) },
        };
      case 'pdd.goods.cat.template.get':
        return { open_api_response: { properties: this.#template(shopId, params.cat_id) } };
      case 'pdd.goods.image.upload':
        return { goods_image_upload_response: { image_url: this.#upload(params.image) } };
      case 'pdd.goods.spec.id.get':
        return { goods_spec_id_get_response: this.#specId(params.parent_spec_id, params.spec_name) };
      case 'pdd.goods.logistics.template.get': {
        const list = FREIGHT[shopId] ?? [];
        return {
          goods_logistics_template_get_response: { total_count: list.length, logistics_template_list: list },
        };
      }
      case 'pdd.goods.add':
        return { goods_add_response: this.#add(shopId, params) };
      case 'pdd.goods.information.update':
        return { goods_update_response: this.#edit(shopId, params) };
      case 'pdd.goods.commit.detail.get':
        return { goods_commit_detail_response: this.#commitDetail(shopId, params.goods_commit_id) };
      case 'pdd.goods.detail.get':
        return { goods_detail_get_response: this.#detail(this.#published(shopId, params.goods_id)) };
      case 'pdd.goods.sku.price.update':
        return { goods_update_sku_price_response: this.#skuPrices(shopId, params) };
      case 'pdd.goods.quantity.update':
        return { goods_quantity_update_response: this.#quantity(shopId, params) };
      case 'pdd.goods.sale.status.set': {
        const goods = this.#published(shopId, params.goods_id);
        if (params.is_onsale !== '0' && params.is_onsale !== '1') {
          throw new PddGoodsRefusal('is_onsale必须为0或1');
        }
        goods.onSale = params.is_onsale === '1';
        return { goods_sale_status_set_response: { is_success: true } };
      }
      default:
        return undefined;
    }
  }

  #authorisedLeaf(shopId: string, catId: number): Category | undefined {
    const cat = PDD_SANDBOX_CATEGORIES.find((c) => c.catId === catId);
    if (!cat?.leaf || !(AUTHORISED[shopId] ?? []).includes(cat.parent)) return undefined;
    return cat;
  }

  #cats(shopId: string, parent: string | undefined) {
    const parentId = parent === undefined || parent === '' ? 0 : Number(parent);
    if (!Number.isInteger(parentId) || parentId < 0) throw new PddGoodsRefusal('parent_cat_id不合法');
    const allowed = AUTHORISED[shopId] ?? [];
    return PDD_SANDBOX_CATEGORIES.filter(
      (c) =>
        c.parent === parentId &&
        (parentId !== 0 || allowed.includes(c.catId)) &&
        (parentId === 0 || allowed.includes(parentId)),
    ).map((c) => ({ cat_id: c.catId, cat_name: c.name, parent_cat_id: c.parent, leaf: c.leaf }));
  }

  #template(shopId: string, catId: string | undefined): TemplateProperty[] {
    const id = Number(catId);
    if (!catId || !this.#authorisedLeaf(shopId, id))
      throw new PddGoodsRefusal('类目不存在或店铺无该类目发布权限');
    return TEMPLATES[id] ?? [];
  }

  #upload(image: string | undefined): string {
    const match = /^(?:data:image\/(?:jpeg|jpg|png);base64,)?([A-Za-z0-9+/=\s]+)$/.exec(image ?? '');
    const bytes = match ? Buffer.from(match[1] ?? '', 'base64') : Buffer.alloc(0);
    const png = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const jpeg = bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));
    if (!png && !jpeg) throw new PddGoodsRefusal('图片格式不正确，仅支持base64编码的jpg/jpeg/png');
    const url = `${IMAGE_HOST}${this.nowMs()}-${++this.#sequence}.${png ? 'png' : 'jpeg'}`;
    this.#images.add(url);
    return url;
  }

  #specId(parent: string | undefined, name: string | undefined) {
    const parentId = Number(parent);
    const isSpec = Object.values(TEMPLATES).some((props) =>
      props.some((p) => p.is_sale && p.spec_id === parentId),
    );
    if (!isSpec) throw new PddGoodsRefusal('parent_spec_id不存在');
    const specName = (name ?? '').trim();
    if (!specName || [...specName].length > 30) throw new PddGoodsRefusal('spec_name不能为空且不超过30个字');
    const key = `${parentId}:${specName}`;
    let id = this.#specIds.get(key);
    if (id === undefined) {
      id = 50_000 + this.#specIds.size + 1;
      this.#specIds.set(key, id);
    }
    return { parent_spec_id: parentId, spec_id: id, spec_name: specName };
  }

  #json<T>(text: string | undefined, what: string): T {
    try {
      return JSON.parse(text ?? '') as T;
    } catch {
      throw new PddGoodsRefusal(`${what}格式不正确`);
    }
  }

  /** The fields the add and the edit share, checked; `skus` the SKUs of `sku_list` (`editing`: its own). */
  #checked(shopId: string, params: Record<string, string>, editing?: SandboxGoods) {
    const name = (params.goods_name ?? '').trim();
    if (!name) throw new PddGoodsRefusal('goods_name不能为空');
    const desc = [...(params.goods_desc ?? '').trim()].length;
    if (desc < DESC_MIN || desc > DESC_MAX) throw new PddGoodsRefusal('商品描述字数限制20-500');
    const catId = Number(params.cat_id);
    const cat = this.#authorisedLeaf(shopId, catId);
    if (!cat) throw new PddGoodsRefusal('类目不存在、不是叶子类目或店铺无该类目发布权限');
    const properties = this.#json<{ template_pid?: unknown; value?: unknown; vid?: unknown }[]>(
      params.goods_properties ?? '[]',
      'goods_properties',
    );
    for (const property of TEMPLATES[catId] ?? []) {
      if (!property.required) continue;
      const given = Array.isArray(properties)
        ? properties.find((p) => Number(p.template_pid) === property.id)
        : undefined;
      if (!given || (String(given.value ?? '').trim() === '' && !given.vid)) {
        throw new PddGoodsRefusal(`商品属性「${property.name}」为必填项`);
      }
    }
    if (!(FREIGHT[shopId] ?? []).some((t) => String(t.template_id) === params.cost_template_id)) {
      throw new PddGoodsRefusal('运费模板不存在');
    }
    const carousel = this.#json<unknown[]>(params.carousel_gallery, 'carousel_gallery');
    const detail = this.#json<unknown[]>(params.detail_gallery ?? '[]', 'detail_gallery');
    if (!Array.isArray(carousel) || carousel.length < 1 || carousel.length > 10) {
      throw new PddGoodsRefusal('商品轮播图1-10张');
    }
    if (!Array.isArray(detail) || detail.length > 20) throw new PddGoodsRefusal('商品详情图最多20张');
    for (const url of [...carousel, ...detail]) {
      if (!this.#images.has(String(url)))
        throw new PddGoodsRefusal('图片必须先通过pdd.goods.image.upload上传');
    }
    const skus = this.#json<Record<string, unknown>[]>(params.sku_list, 'sku_list');
    if (!Array.isArray(skus) || skus.length === 0) throw new PddGoodsRefusal('sku_list不能为空');
    const issued = new Set(this.#specIds.values());
    const whole = (value: unknown) => Number.isInteger(Number(value)) && String(value).trim() !== '';
    const parsed = skus.map((sku) => {
      const specIds = this.#json<unknown[]>(String(sku.spec_id_list ?? ''), 'spec_id_list');
      if (!Array.isArray(specIds) || specIds.length === 0 || !specIds.every((id) => issued.has(Number(id)))) {
        throw new PddGoodsRefusal('spec_id_list必须是pdd.goods.spec.id.get生成的规格id');
      }
      const price = Number(sku.price);
      const multiPrice = Number(sku.multi_price);
      const quantity = Number(sku.quantity);
      if (!whole(sku.price) || !whole(sku.multi_price) || price <= 0 || multiPrice <= 0) {
        throw new PddGoodsRefusal('sku价格必须是大于0的整数（单位：分）');
      }
      if (multiPrice >= price) throw new PddGoodsRefusal('拼单价必须低于单买价');
      if (!whole(sku.quantity) || quantity < 0) throw new PddGoodsRefusal('sku库存必须是不小于0的整数');
      if (sku.thumb_url && !this.#images.has(String(sku.thumb_url))) {
        throw new PddGoodsRefusal('图片必须先通过pdd.goods.image.upload上传');
      }
      const specKey = [...this.#specIds.entries()].find(([, id]) => id === Number(specIds[0]))?.[0] ?? '';
      // An edit's entry with `sku_id` edits that SKU: its `quantity` is then a change of the stock.
      const own =
        sku.sku_id === undefined ? undefined : editing?.skus.find((s) => s.skuId === String(sku.sku_id));
      if (sku.sku_id !== undefined && !own) throw new PddGoodsRefusal('sku_id不存在');
      if (own && own.quantity + quantity < 0) throw new PddGoodsRefusal('库存不能小于0');
      return {
        skuId: own?.skuId ?? String(700_000_000 + ++this.#sequence),
        specIds: specIds.map(Number),
        specName: specKey.slice(specKey.indexOf(':') + 1),
        outSkuSn: String(sku.out_sku_sn ?? ''),
        price,
        multiPrice,
        quantity: own ? own.quantity + quantity : quantity,
      };
    });
    const market = Number(params.market_price);
    if (!whole(params.market_price) || market < Math.max(...parsed.map((s) => s.price))) {
      throw new PddGoodsRefusal('参考价（market_price，分）不能低于单买价');
    }
    return { name, catId, costTemplateId: params.cost_template_id ?? '', skus: parsed };
  }

  #add(shopId: string, params: Record<string, string>) {
    const { name, catId, costTemplateId, skus: parsed } = this.#checked(shopId, params);
    const goodsId = String(600_000_000 + ++this.#sequence);
    const commitId = String(880_000_000 + this.#sequence);
    const rejection = this.#rejectNext;
    this.#rejectNext = null;
    this.goods.set(goodsId, {
      goodsId,
      commitId,
      shopId,
      name,
      catId,
      costTemplateId,
      outGoodsId: params.out_goods_id ?? '',
      skus: parsed,
      onSale: true,
      submittedAt: this.nowMs(),
      rejection,
    });
    return { goods_id: Number(goodsId), goods_commit_id: Number(commitId) };
  }

  /** `pdd.goods.information.update`: the goods edited and submitted to review again, under its own id. */
  #edit(shopId: string, params: Record<string, string>) {
    const goodsId = params.goods_id ?? '';
    if (!/^\d+$/.test(goodsId)) throw new PddGoodsRefusal('goods_id不能为空');
    const goods = this.goods.get(goodsId);
    if (!goods || goods.shopId !== shopId) throw new PddGoodsRefusal('商品不存在');
    if (this.nowMs() - goods.submittedAt < this.reviewMs) throw new PddGoodsRefusal('商品审核中，不能编辑');
    const checked = this.#checked(shopId, params, goods);
    const commitId = String(880_000_000 + ++this.#sequence);
    const rejection = this.#rejectNext;
    this.#rejectNext = null;
    Object.assign(goods, {
      ...checked,
      commitId,
      outGoodsId: params.out_goods_id ?? goods.outGoodsId,
      submittedAt: this.nowMs(),
      rejection,
    });
    return { goods_commit_id: Number(commitId), is_success: true };
  }

  /** A goods of the shop that passed review (only those can be edited), by `goods_id`. */
  #published(shopId: string, goodsId: string | undefined): SandboxGoods {
    if (!goodsId || !/^\d+$/.test(goodsId)) throw new PddGoodsRefusal('goods_id不能为空');
    const goods = this.goods.get(goodsId);
    if (!goods || goods.shopId !== shopId) throw new PddGoodsRefusal('商品不存在');
    if (this.nowMs() - goods.submittedAt < this.reviewMs || goods.rejection) {
      throw new PddGoodsRefusal('商品未通过审核，不能修改');
    }
    return goods;
  }

  #detail(goods: SandboxGoods) {
    return {
      goods_id: Number(goods.goodsId),
      goods_name: goods.name,
      cat_id: goods.catId,
      outer_goods_id: goods.outGoodsId,
      status: goods.onSale ? 1 : 2,
      sku_list: goods.skus.map((sku) => ({
        sku_id: Number(sku.skuId),
        out_sku_sn: sku.outSkuSn,
        multi_price: sku.multiPrice,
        price: sku.price,
        quantity: sku.quantity,
        is_onsale: 1,
      })),
    };
  }

  #skuPrices(shopId: string, params: Record<string, string>) {
    const goods = this.#published(shopId, params.goods_id);
    const list = this.#json<Record<string, unknown>[]>(params.sku_price_list, 'sku_price_list');
    if (!Array.isArray(list) || list.length === 0) throw new PddGoodsRefusal('sku_price_list不能为空');
    const whole = (value: unknown) =>
      value === undefined || (Number.isInteger(Number(value)) && Number(value) > 0);
    const changes = list.map((item) => {
      const sku = goods.skus.find((s) => s.skuId === String(item.sku_id ?? ''));
      if (!sku) throw new PddGoodsRefusal('sku_id不存在');
      if (!whole(item.group_price) || !whole(item.single_price)) {
        throw new PddGoodsRefusal('sku价格必须是大于0的整数（单位：分）');
      }
      const multiPrice = item.group_price === undefined ? sku.multiPrice : Number(item.group_price);
      const price = item.single_price === undefined ? sku.price : Number(item.single_price);
      if (multiPrice >= price) throw new PddGoodsRefusal('拼单价必须低于单买价');
      return { sku, multiPrice, price };
    });
    for (const { sku, multiPrice, price } of changes) {
      sku.multiPrice = multiPrice;
      sku.price = price;
    }
    if (params.sync_goods_operate === '0') goods.onSale = true;
    return { goods_commit_id: Number(goods.commitId), is_success: true };
  }

  #quantity(shopId: string, params: Record<string, string>) {
    const goods = this.#published(shopId, params.goods_id);
    const sku = params.sku_id
      ? goods.skus.find((s) => s.skuId === params.sku_id)
      : params.outer_id
        ? goods.skus.find((s) => s.outSkuSn === params.outer_id)
        : undefined;
    if (!params.sku_id && !params.outer_id) throw new PddGoodsRefusal('sku_id和outer_id必填一个');
    if (!sku) throw new PddGoodsRefusal('sku不存在');
    const updateType = params.update_type ?? '1';
    if (updateType !== '1' && updateType !== '2') throw new PddGoodsRefusal('update_type必须为1或2');
    const quantity = Number(params.quantity);
    if (!Number.isInteger(quantity) || params.quantity?.trim() === '') {
      throw new PddGoodsRefusal('quantity必须是整数');
    }
    const next = updateType === '1' ? quantity : sku.quantity + quantity;
    if (next < 0) throw new PddGoodsRefusal('库存不能小于0');
    sku.quantity = next;
    return { is_success: true };
  }

  #commitDetail(shopId: string, commitId: string | undefined) {
    const goods = [...this.goods.values()].find((g) => g.commitId === commitId && g.shopId === shopId);
    if (!goods) throw new PddGoodsRefusal('goods_commit_id不存在');
    const reviewed = this.nowMs() - goods.submittedAt >= this.reviewMs;
    const status = !reviewed ? 1 : goods.rejection ? 3 : 2;
    return {
      goods_commit_id: Number(goods.commitId),
      goods_id: Number(goods.goodsId),
      goods_status: status,
      commit_message: status === 3 ? goods.rejection : '',
      goods_name: goods.name,
      cat_id: goods.catId,
      outer_goods_id: goods.outGoodsId,
    };
  }
}
