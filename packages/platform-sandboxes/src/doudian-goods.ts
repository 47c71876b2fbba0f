/**
 * The product side of the 抖店 sandbox (铺货), as strict as the platform's documentation
 * (docs/design.md#publishing-goods-to-a-shop):
 * - `/shop/getShopCategory` (`cid`, 0 the top): the shop's categories `{id, name, level, parent_id,
 *   is_leaf, enable}`;
 * - `/product/getCatePropertyV2` (`category_leaf_id`, a leaf of the shop's): `data.data[]` of
 *   `{property_id, property_name, required 0/1, type, property_type (2 售卖属性), diy_type, options}`;
 * - `/material/batchUploadImageSync` (`materials[{request_id, folder_id, name, url, material_type:
 *   photo}]`, the url public https JPEG/PNG): `success_map` by request id with the 素材中心's `ByteUrl`
 *   (审核通过 at once), `failed_map` for an unusable url;
 * - `/freightTemplate/list` (`page`, `size`): the shop's templates `data.List[{template: {id,
 *   template_name}}]`;
 * - `/product/addV2`: refused (`40004`, the reason in `sub_msg`) unless the category is a leaf of the
 *   shop's, every required property has a value of its options (or the seller's own where `diy_type`
 *   is 1), `pic` (1-5) and `description` name only images this 素材中心 issued, `freight_id` is 0 or the
 *   shop's, `mobile` is a phone number, `name` is at most 60 wide (a Chinese character two), `specs`
 *   and `spec_prices` agree (one SKU per combination, `price` whole 分 > 0, `stock_num` whole ≥ 0),
 *   and `standard_brand_id`, `pay_type`, `reduce_type` are given; answers `product_id` (19 digits, a
 *   bare int64);
 * - `/product/editV2` (`product_id` an int64 of a product of the shop, not 待审核, and the fields of the
 *   add, checked as for the add; `commit: true` saves and submits to review): the product edited under
 *   its own id, answering an empty `data`;
 * - `/product/detail` (`product_id`): `check_status` 2 (待审核) until `reviewMs` passed, then 3 (审核通过,
 *   `status` 0 在线) or 4 (审核未通过) when `rejectNextReview(reason)` asked for it (the next submission,
 *   an add's or an edit's: an edit fixes a rejected product); `/product/auditList`
 *   (`product_id` an int64, `publish_status` 2) answers the reason in `audit_reason`;
 * - 货源监控's calls on a product of the shop (`product_id` a bare int64; another's or an unknown one:
 *   `商品不存在`): `/sku/list` (its SKUs `{id, product_id, code, price, stock_num, sku_type 0, …}`,
 *   ids bare int64), `/sku/editPrice` (`price` whole 分 > 0) and `/sku/syncStock` (`stock_num` whole
 *   ≥ 0, `incremental` false sets it, true adds it and needs `idempotent_id`) for the SKU named by
 *   `sku_id` (a bare int64) or `code` (unknown: `sku不存在`), `/product/setOffline` and
 *   `/product/setOnline` (only an approved product; `status` of `/product/detail` 0 在线, 1 下线).
 */

export class DoudianGoodsRefusal extends Error {}

interface Category {
  id: number;
  name: string;
  parent: number;
  leaf: boolean;
}

interface Property {
  property_id: number;
  property_name: string;
  required: 0 | 1;
  type: 'text' | 'select';
  property_type: 0 | 1 | 2 | 3;
  diy_type: 0 | 1;
  options: { name: string; value: string; value_id: number }[];
}

export interface DoudianSandboxProduct {
  productId: string;
  shopId: string;
  name: string;
  categoryId: number;
  outerProductId: string;
  /** 客服电话 as sent (`mobile`). */
  mobile: string;
  /** The product's properties as sent (`product_format_new`). */
  properties: Record<string, { value: number; name: string; diy_type: number }[]>;
  skus: { skuId: string; spec: string; price: number; stock: number; code: string }[];
  /** Taken off sale (`/product/setOffline`) and not put on sale again. */
  offline: boolean;
  committed: boolean;
  submittedAt: number;
  rejection: string | null;
}

/** Categories: 服饰内衣 → T恤 `20100`, 家居日用 → 保温杯 `30100`. */
export const DOUDIAN_SANDBOX_CATEGORIES: Category[] = [
  { id: 20000, name: '服饰内衣', parent: 0, leaf: false },
  { id: 20100, name: 'T恤', parent: 20000, leaf: true },
  { id: 30000, name: '家居日用', parent: 0, leaf: false },
  { id: 30100, name: '保温杯', parent: 30000, leaf: true },
];

/** The top categories each shop may publish in (the shop 77002 not in 家居日用). */
const SHOP_CATEGORIES: Record<string, number[]> = { '77001': [20000, 30000], '77002': [20000] };

const option = (value_id: number, name: string) => ({ name, value: String(value_id), value_id });
const SALE = (property_id: number, property_name: string): Property => ({
  property_id,
  property_name,
  required: 0,
  type: 'select',
  property_type: 2,
  diy_type: 1,
  options: [],
});

const PROPERTIES: Record<number, Property[]> = {
  20100: [
    {
      property_id: 1795,
      property_name: '材质',
      required: 1,
      type: 'select',
      property_type: 3,
      diy_type: 1,
      options: [option(5001, '纯棉'), option(5002, '涤纶')],
    },
    {
      property_id: 1801,
      property_name: '风格',
      required: 0,
      type: 'text',
      property_type: 3,
      diy_type: 0,
      options: [],
    },
    SALE(3320, '颜色分类'),
  ],
  30100: [
    {
      property_id: 2101,
      property_name: '材质',
      required: 1,
      type: 'select',
      property_type: 3,
      diy_type: 0,
      options: [option(6001, '304不锈钢'), option(6002, '316不锈钢'), option(6003, '玻璃')],
    },
    {
      property_id: 2102,
      property_name: '容量',
      required: 1,
      type: 'text',
      property_type: 3,
      diy_type: 0,
      options: [],
    },
    SALE(3321, '规格'),
  ],
};

const FREIGHT: Record<string, { id: number; template_name: string }[]> = {
  '77001': [
    { id: 81001, template_name: '全国包邮' },
    { id: 81002, template_name: '偏远地区不包邮' },
  ],
  '77002': [{ id: 82001, template_name: '二店包邮模板' }],
};

const IMAGE_HOST = 'https://p3-aio.ecombdimg.com/obj/sandbox-material/';
const NAME_WIDTH = 60;
const PIC_MAX = 5;
const IMAGES_MAX = 50;
const NO_BRAND = 596120136;

/** An int64 parameter's digits as sent bare in `paramJson` (null when absent or quoted). */
const int64Param = (paramJson: string, key: string) =>
  new RegExp(`"${key}"\\s*:\\s*(\\d{1,20})\\s*[,}]`).exec(paramJson)?.[1] ?? null;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const whole = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value);

export class DoudianSandboxGoods {
  /** Every product added, by product id. */
  readonly products = new Map<string, DoudianSandboxProduct>();
  /** How long a product stays 待审核 (ms of the sandbox clock). */
  reviewMs = 60_000;
  readonly #images = new Set<string>();
  #sequence = 0;
  #rejectNext: string | null = null;

  constructor(private readonly nowMs: () => number) {}

  /** The products added to `shopId`. */
  productsOf(shopId: string): DoudianSandboxProduct[] {
    return [...this.products.values()].filter((p) => p.shopId === shopId);
  }

  /** Test hook: the next product submitted is rejected in review with `reason`. */
  rejectNextReview(reason: string) {
    this.#rejectNext = reason;
  }

  /** Test hook: every review finishes now. */
  finishReviews() {
    for (const product of this.products.values()) product.submittedAt = this.nowMs() - this.reviewMs;
  }

  /**
   * The `data` of a product method (int64 ids written `#int:<digits>`, for the gateway to write them
   * bare), or undefined when `method` is not one of them. `paramJson`: the parameters as received
   * (an int64 parameter is read from its digits).
   */
  answer(method: string, params: Record<string, unknown>, paramJson: string, shopId: string): unknown {
    switch (method) {
      case 'shop.getShopCategory':
        return this.#categories(shopId, params.cid);
      case 'product.getCatePropertyV2':
        return { data: this.#properties(shopId, params.category_leaf_id), tpl_type: 0 };
      case 'material.batchUploadImageSync':
        return this.#upload(params);
      case 'freightTemplate.list': {
        const list = FREIGHT[shopId] ?? [];
        return { List: list.map((template) => ({ template })), Count: list.length };
      }
      case 'product.addV2':
        return this.#add(shopId, params);
      case 'product.editV2':
        return this.#edit(shopId, params, paramJson);
      case 'product.detail':
        return this.#detail(this.#own(shopId, String(params.product_id ?? '')));
      case 'product.auditList':
        return this.#auditList(shopId, params, paramJson);
      case 'sku.list':
        return this.#skuList(this.#product(shopId, paramJson));
      case 'sku.editPrice':
        return this.#editPrice(this.#product(shopId, paramJson), params, paramJson);
      case 'sku.syncStock':
        return this.#syncStock(this.#product(shopId, paramJson), params, paramJson);
      case 'product.setOffline':
        this.#product(shopId, paramJson).offline = true;
        return {};
      case 'product.setOnline': {
        const product = this.#product(shopId, paramJson);
        if (this.#checkStatus(product) !== 3) throw new DoudianGoodsRefusal('商品未审核通过，不能上架');
        product.offline = false;
        return {};
      }
      default:
        return undefined;
    }
  }

  #leaf(shopId: string, id: unknown): Category | undefined {
    const cat = DOUDIAN_SANDBOX_CATEGORIES.find((c) => c.id === id);
    if (!cat?.leaf || !(SHOP_CATEGORIES[shopId] ?? []).includes(cat.parent)) return undefined;
    return cat;
  }

  #categories(shopId: string, cid: unknown) {
    if (cid !== undefined && (!whole(cid) || (cid as number) < 0)) throw new DoudianGoodsRefusal('cid不合法');
    const parent = (cid as number | undefined) ?? 0;
    const allowed = SHOP_CATEGORIES[shopId] ?? [];
    return DOUDIAN_SANDBOX_CATEGORIES.filter(
      (c) => c.parent === parent && allowed.includes(parent === 0 ? c.id : parent),
    ).map((c) => ({
      id: c.id,
      name: c.name,
      level: c.parent === 0 ? 1 : 2,
      parent_id: c.parent,
      is_leaf: c.leaf,
      enable: true,
    }));
  }

  #properties(shopId: string, catId: unknown): (Property & { status: 0; category_id: number })[] {
    if (!whole(catId) || !this.#leaf(shopId, catId)) {
      throw new DoudianGoodsRefusal('类目不存在、不是叶子类目或店铺无该类目经营资质');
    }
    return (PROPERTIES[catId as number] ?? []).map((p) => ({
      ...p,
      status: 0,
      category_id: catId as number,
    }));
  }

  #upload(params: Record<string, unknown>) {
    const materials = params.materials;
    if (!Array.isArray(materials) || materials.length === 0 || materials.length > 50) {
      throw new DoudianGoodsRefusal('materials数量为1到50');
    }
    const success_map: Record<string, unknown> = {};
    const failed_map: Record<string, unknown> = {};
    for (const material of materials) {
      if (!isObject(material)) throw new DoudianGoodsRefusal('materials格式不正确');
      const requestId = String(material.request_id ?? '');
      if (!requestId || material.material_type !== 'photo') {
        throw new DoudianGoodsRefusal('request_id不能为空，material_type只能为photo');
      }
      const url = String(material.url ?? '');
      if (!/^https:\/\/[^\s/]+\/\S+\.(?:jpe?g|png)(?:\?\S*)?$/i.test(url)) {
        failed_map[requestId] = { ErrCode: 10001, ErrMsg: '图片url不合法或无法下载' };
        continue;
      }
      const byteUrl = `${IMAGE_HOST}${this.nowMs()}-${++this.#sequence}.image`;
      this.#images.add(byteUrl);
      success_map[requestId] = {
        MaterialId: String(70_000_000 + this.#sequence),
        Name: String(material.name ?? ''),
        FolderId: String(material.folder_id ?? '0'),
        OriginUrl: url,
        ByteUrl: byteUrl,
        AuditStatus: 3,
        IsNew: true,
      };
    }
    return { success_map, failed_map };
  }

  /** The fields the add and the edit share, checked. */
  #checked(shopId: string, params: Record<string, unknown>) {
    const name = String(params.name ?? '').trim();
    const width = [...name].reduce((sum, c) => sum + (c.charCodeAt(0) < 128 ? 1 : 2), 0);
    if (!name || width > NAME_WIDTH)
      throw new DoudianGoodsRefusal('商品标题不能为空，最多60个字符（30个汉字）');
    const catId = params.category_leaf_id;
    if (!whole(catId) || !this.#leaf(shopId, catId)) {
      throw new DoudianGoodsRefusal('类目不存在、不是叶子类目或店铺无该类目经营资质');
    }
    for (const key of ['standard_brand_id', 'pay_type', 'reduce_type'] as const) {
      if (!whole(params[key])) throw new DoudianGoodsRefusal(`${key}不能为空`);
    }
    if (params.standard_brand_id !== NO_BRAND) throw new DoudianGoodsRefusal('品牌不存在或无品牌授权');
    if (!/^[\d-]{5,20}$/.test(String(params.mobile ?? '')))
      throw new DoudianGoodsRefusal('客服电话格式不正确');
    const freight = params.freight_id;
    if (!whole(freight) || (freight !== 0 && !(FREIGHT[shopId] ?? []).some((t) => t.id === freight))) {
      throw new DoudianGoodsRefusal('运费模板不存在');
    }
    const pics = String(params.pic ?? '')
      .split('|')
      .filter(Boolean);
    const details = String(params.description ?? '')
      .split('|')
      .filter(Boolean);
    if (pics.length < 1 || pics.length > PIC_MAX) throw new DoudianGoodsRefusal('商品主图1-5张');
    if (pics.length + details.length > IMAGES_MAX) throw new DoudianGoodsRefusal('图片总数不能超过50张');
    if (![...pics, ...details].every((url) => this.#images.has(url))) {
      throw new DoudianGoodsRefusal('图片需先上传至素材中心（/material/batchUploadImageSync）');
    }
    const properties = this.#format(catId as number, params.product_format_new);
    const skus = this.#skus(params.specs, params.spec_prices);
    return { name, categoryId: catId as number, properties, skus };
  }

  #add(shopId: string, params: Record<string, unknown>) {
    const { name, categoryId, properties, skus } = this.#checked(shopId, params);
    const productId = String(3_700_000_000_000_000_000n + BigInt(++this.#sequence) * 7_919n);
    const rejection = this.#rejectNext;
    this.#rejectNext = null;
    const committed = params.commit === true;
    this.products.set(productId, {
      productId,
      shopId,
      name,
      categoryId,
      outerProductId: String(params.outer_product_id ?? ''),
      mobile: String(params.mobile),
      properties,
      skus,
      offline: false,
      committed,
      submittedAt: this.nowMs(),
      rejection: committed ? rejection : null,
    });
    return {
      product_id: `#int:${productId}`,
      outer_product_id: String(params.outer_product_id ?? ''),
      create_time: String(Math.floor(this.nowMs() / 1000)),
      sku: [],
    };
  }

  /** `/product/editV2`: the product edited under its own id, submitted to review again with `commit`. */
  #edit(shopId: string, params: Record<string, unknown>, paramJson: string) {
    const productId = int64Param(paramJson, 'product_id');
    if (!productId) throw new DoudianGoodsRefusal('product_id参数类型错误，应为int64');
    const product = this.#own(shopId, productId);
    if (this.#checkStatus(product) === 2) throw new DoudianGoodsRefusal('商品审核中，不能编辑');
    const checked = this.#checked(shopId, params);
    const committed = params.commit === true;
    const rejection = this.#rejectNext;
    if (committed) this.#rejectNext = null;
    Object.assign(product, {
      ...checked,
      outerProductId: String(params.outer_product_id ?? product.outerProductId),
      committed,
      submittedAt: this.nowMs(),
      rejection: committed ? rejection : null,
    });
    return {};
  }

  /** `product_format_new`: JSON `{property_id: [{value, name, diy_type}]}`, every required one given. */
  #format(catId: number, text: unknown): DoudianSandboxProduct['properties'] {
    let format: unknown;
    try {
      format = JSON.parse(String(text ?? ''));
    } catch {
      throw new DoudianGoodsRefusal('product_format_new格式不正确');
    }
    if (!isObject(format)) throw new DoudianGoodsRefusal('product_format_new格式不正确');
    const properties = PROPERTIES[catId] ?? [];
    const out: DoudianSandboxProduct['properties'] = {};
    for (const [id, values] of Object.entries(format)) {
      const property = properties.find((p) => String(p.property_id) === id && p.property_type !== 2);
      if (!property) throw new DoudianGoodsRefusal(`属性ID ${id} 不属于该类目`);
      if (!Array.isArray(values) || values.length !== 1 || !isObject(values[0])) {
        throw new DoudianGoodsRefusal(`属性「${property.property_name}」的值格式不正确`);
      }
      const { value, name, diy_type } = values[0];
      const named = typeof name === 'string' && name.trim() !== '';
      const known = property.options.some((o) => Number(o.value) === value && o.name === name);
      const own =
        value === 0 &&
        named &&
        (property.options.length === 0 || (property.diy_type === 1 && diy_type === 1));
      if (!whole(value) || !whole(diy_type) || !(known || own)) {
        throw new DoudianGoodsRefusal(`属性「${property.property_name}」的值不在可选范围内`);
      }
      out[id] = [{ value: value as number, name: name as string, diy_type: diy_type as number }];
    }
    for (const property of properties) {
      if (property.required === 1 && !out[String(property.property_id)]) {
        throw new DoudianGoodsRefusal(`属性「${property.property_name}」为必填项`);
      }
    }
    return out;
  }

  /** `specs` (`名|值,值^名|值`) and `spec_prices` (one per combination of values). */
  #skus(specsText: unknown, pricesText: unknown): DoudianSandboxProduct['skus'] {
    const dimensions = String(specsText ?? '')
      .split('^')
      .map((part) => {
        const [name, values = '', ...rest] = part.split('|');
        const list = values.split(',').map((v) => v.trim());
        if (!name?.trim() || rest.length > 0 || list.some((v) => !v) || new Set(list).size !== list.length) {
          throw new DoudianGoodsRefusal('specs格式不正确');
        }
        return list;
      });
    if (dimensions.length > 3) throw new DoudianGoodsRefusal('最多3级规格');
    let prices: unknown;
    try {
      prices = JSON.parse(String(pricesText ?? ''));
    } catch {
      throw new DoudianGoodsRefusal('spec_prices格式不正确');
    }
    const combinations = dimensions.reduce((n, values) => n * values.length, 1);
    if (!Array.isArray(prices) || prices.length !== combinations) {
      throw new DoudianGoodsRefusal('sku数量和规格组合数必须一致');
    }
    const seen = new Set<string>();
    return prices.map((entry) => {
      if (!isObject(entry)) throw new DoudianGoodsRefusal('spec_prices格式不正确');
      const names = dimensions.map((values, i) => {
        const value = String(entry[`spec_detail_name${i + 1}`] ?? '');
        if (!values.includes(value)) throw new DoudianGoodsRefusal('spec_detail_name与specs不一致');
        return value;
      });
      const key = names.join('\n');
      if (seen.has(key)) throw new DoudianGoodsRefusal('sku规格组合重复');
      seen.add(key);
      const { price, stock_num: stock } = entry;
      if (!whole(price) || (price as number) <= 0)
        throw new DoudianGoodsRefusal('sku价格必须是大于0的整数（单位：分）');
      if (!whole(stock) || (stock as number) < 0) throw new DoudianGoodsRefusal('sku库存必须是不小于0的整数');
      return {
        skuId: String(3_800_000_000_000_000_000n + BigInt(++this.#sequence) * 7_907n),
        spec: names.join(','),
        price: price as number,
        stock: stock as number,
        code: String(entry.code ?? ''),
      };
    });
  }

  #own(shopId: string, productId: string): DoudianSandboxProduct {
    const product = this.products.get(productId);
    if (!product || product.shopId !== shopId) throw new DoudianGoodsRefusal('商品不存在');
    return product;
  }

  /** The shop's product named by the bare int64 `product_id` (a quoted one fails the typed parsing). */
  #product(shopId: string, paramJson: string): DoudianSandboxProduct {
    const digits = int64Param(paramJson, 'product_id');
    if (digits === null) throw new DoudianGoodsRefusal('product_id参数类型错误，应为int64');
    return this.#own(shopId, digits);
  }

  #skuList(product: DoudianSandboxProduct) {
    return product.skus.map((sku) => ({
      id: `#int:${sku.skuId}`,
      product_id: `#int:${product.productId}`,
      product_id_str: product.productId,
      out_sku_id: 0,
      spec_detail_name1: sku.spec,
      code: sku.code,
      price: sku.price,
      sku_type: 0,
      stock_num: sku.stock,
      prehold_stock_num: 0,
    }));
  }

  /** The SKU named by `sku_id` (a bare int64) or else `code`. */
  #sku(product: DoudianSandboxProduct, params: Record<string, unknown>, paramJson: string) {
    const skuId = int64Param(paramJson, 'sku_id');
    if (params.sku_id !== undefined && skuId === null) {
      throw new DoudianGoodsRefusal('sku_id参数类型错误，应为int64');
    }
    const code = typeof params.code === 'string' ? params.code : '';
    if (skuId === null && !code) throw new DoudianGoodsRefusal('sku_id和code不能同时为空');
    const sku = product.skus.find((s) => (skuId !== null ? s.skuId === skuId : s.code === code));
    if (!sku) throw new DoudianGoodsRefusal('sku不存在');
    return sku;
  }

  #editPrice(product: DoudianSandboxProduct, params: Record<string, unknown>, paramJson: string) {
    const sku = this.#sku(product, params, paramJson);
    if (!whole(params.price) || (params.price as number) <= 0) {
      throw new DoudianGoodsRefusal('price必须是大于0的整数（单位：分）');
    }
    sku.price = params.price as number;
    return {};
  }

  #syncStock(product: DoudianSandboxProduct, params: Record<string, unknown>, paramJson: string) {
    const sku = this.#sku(product, params, paramJson);
    const incremental = params.incremental ?? false;
    if (typeof incremental !== 'boolean') throw new DoudianGoodsRefusal('incremental参数类型错误');
    if (incremental && !params.idempotent_id) {
      throw new DoudianGoodsRefusal('增量更新时idempotent_id不能为空');
    }
    const stock = params.stock_num;
    if (!whole(stock) || (!incremental && (stock as number) < 0)) {
      throw new DoudianGoodsRefusal('stock_num必须是不小于0的整数');
    }
    const next = incremental ? sku.stock + (stock as number) : (stock as number);
    if (next < 0) throw new DoudianGoodsRefusal('库存不足');
    sku.stock = next;
    return {};
  }

  /** 1 未提交, 2 待审核, 3 审核通过, 4 审核未通过. */
  #checkStatus(product: DoudianSandboxProduct): number {
    if (!product.committed) return 1;
    if (this.nowMs() - product.submittedAt < this.reviewMs) return 2;
    return product.rejection ? 4 : 3;
  }

  #detail(product: DoudianSandboxProduct) {
    const check = this.#checkStatus(product);
    return {
      product_id: `#int:${product.productId}`,
      product_id_str: product.productId,
      outer_product_id: product.outerProductId,
      name: product.name,
      category_leaf_id: product.categoryId,
      status: check === 3 && !product.offline ? 0 : 1,
      check_status: check,
      draft_status: 0,
    };
  }

  #auditList(shopId: string, params: Record<string, unknown>, paramJson: string) {
    const digits = int64Param(paramJson, 'product_id');
    if (params.product_id !== undefined && !digits) {
      throw new DoudianGoodsRefusal('product_id参数类型错误，应为int64');
    }
    const page = params.page ?? 0;
    const size = params.size ?? 10;
    if (
      !whole(page) ||
      (page as number) < 0 ||
      !whole(size) ||
      (size as number) < 1 ||
      (size as number) > 100
    ) {
      throw new DoudianGoodsRefusal('page从0开始，size为1到100');
    }
    const status = params.publish_status;
    const records = this.productsOf(shopId)
      .filter((p) => p.committed && (!digits || p.productId === digits))
      .map((p) => {
        const check = this.#checkStatus(p);
        return { product: p, publish_status: check === 3 ? 1 : check === 4 ? 2 : 0 };
      })
      .filter((r) => status === undefined || r.publish_status === status);
    return {
      records: records
        .slice((page as number) * (size as number), ((page as number) + 1) * (size as number))
        .map((r) => ({
          product_id: `#int:${r.product.productId}`,
          title: r.product.name,
          publish_status: r.publish_status,
          publish_time: Math.floor(r.product.submittedAt / 1000),
          audit_time: r.publish_status === 0 ? 0 : Math.floor((r.product.submittedAt + this.reviewMs) / 1000),
          audit_reason: r.publish_status === 2 ? { 商品信息: [r.product.rejection ?? ''] } : {},
        })),
      total: records.length,
    };
  }
}
