import { ORDER_EXCEPTIONS, ORDER_STATUSES, type Order, PERMISSIONS } from '@consign/api-client';
import type { Answer, Handlers } from './fake-server';

/**
 * What the order desk's component tests are answered: each typed as its path's answer in the contract
 * (`Answer<path>`), and checked against the contract's schema again when the fake server sends it.
 */

/** The account's owner: every permission (order:process, finance:view...). */
export const owner: Answer<'/api/user/info'> = {
  id: 1,
  mobile: '138****0000',
  nickname: '店主',
  avatar_image: '',
  is_manage: true,
  created_at: 1_767_225_600,
  account_role: 'owner',
  permissions: [...PERMISSIONS],
};

/** A member who may look at orders but not process them (no order:process). */
export const viewer: Answer<'/api/user/info'> = {
  ...owner,
  id: 2,
  nickname: '客服',
  is_manage: false,
  account_role: 'member',
  permissions: PERMISSIONS.filter((permission) => permission !== 'order:process'),
};

export const config: Answer<'/api/default/config'> = {
  logo_url: '',
  short_name: '寄售宝',
  en_name: 'Consign',
  name: '寄售宝科技有限公司',
  foot_copyright: 'Copyright © 2026 寄售宝科技有限公司',
  foot_info: '沪ICP备00000000号',
  ad_list: [],
};

/** A 待采购 order of a 拼多多 shop: one line, 2 × 39.90 元 paid. */
export const pendingOrder: Answer<'/api/order/detail'> = {
  id: 101,
  order_no: 'DF20260101001',
  shop_id: 7,
  shop_name: '拼多多旗舰店',
  platform: 'pinduoduo',
  goods: [{ title: '纯棉T恤', image: '', quantity: 2, sku: '白色 XL', price: 3990 }],
  amount: 7980,
  status: 'pending',
  buyer_name: '张三',
  receiver: { name: '张三', mobile: '138****1234', address: '上海市浦东新区世纪大道1号' },
  created_at: 1_767_225_600,
  blacklisted: false,
  writeback: null,
  platform_order_no: '260101-000000001',
  cost: null,
  profit: null,
  supplier: null,
  supplier_order_no: null,
  carrier: null,
  tracking_no: null,
  sender: null,
  cancel_reason: null,
  events: [],
  buyer_message: '请尽快发货',
  version: 1,
  receiver_encrypted: false,
};

/** The same order once bought (已采购): the supplier's order, its cost, the step in 处理记录. */
export const purchasedOrder: Answer<'/api/order/detail'> = {
  ...pendingOrder,
  status: 'purchased',
  supplier: '1688',
  supplier_order_no: '168800001',
  cost: 5000,
  profit: 2500,
  events: [
    {
      id: 1,
      action: 'purchase',
      actor: '店主',
      created_at: 1_767_229_200,
      details: { supplier: '1688', supplier_order_no: '168800001', cost: 5000 },
    },
  ],
};

/** The order's line bought as a goods SKU with a 1688 货源 (one unit per unit sold, 25.00 元). */
export const linkedItems: Answer<'/api/purchase/items'> = {
  items: [
    {
      index: 0,
      title: '纯棉T恤',
      sku: '白色 XL',
      quantity: 2,
      sku_id: 11,
      goods_title: '纯棉T恤',
      spec: '白色 XL',
      source: { offer_id: '610000000001', spec_id: 'spec-1', quantity: 1, cost: 2500 },
    },
  ],
  purchase: null,
};

/** The same line not linked yet (未关联货源): no goods SKU, no 1688 offer. */
export const unlinkedItems: Answer<'/api/purchase/items'> = {
  items: [
    {
      index: 0,
      title: '纯棉T恤',
      sku: '白色 XL',
      quantity: 2,
      sku_id: null,
      goods_title: null,
      spec: null,
      source: null,
    },
  ],
  purchase: null,
};

/** 1688's price now: 2 × 25.00 + 5.00 freight, within 代发设置's 10 % rise. */
export const preview: Answer<'/api/purchase/preview'> = {
  items: linkedItems.items,
  goods: 5000,
  freight: 500,
  total: 5500,
  expected_goods: 5000,
  rise_percent: 10,
  within_limit: true,
  service_fee: 100,
  balance_after: 99_900,
  profit: 2380,
};

/** The account's sender addresses: the default one first. */
export const senders: Answer<'/api/address/index'> = [
  {
    id: 31,
    kind: 'sender',
    name: '李四',
    mobile: '139****5678',
    region: '浙江省杭州市',
    address: '余杭区仓前街道1号',
    is_default: true,
    version: 1,
  },
  {
    id: 32,
    kind: 'sender',
    name: '王五',
    mobile: '137****0000',
    region: '广东省广州市',
    address: '白云区机场路2号',
    is_default: false,
    version: 1,
  },
];

/** What every page asks first: who is signed in and the company's name. */
export function session(user: Answer<'/api/user/info'> = owner): Handlers {
  return { '/api/user/info': () => user, '/api/default/config': () => config };
}

/**
 * 代发订单's page (`/order/index`) over `rows()`: the list (its `exception` view and `status` tab
 * applied, one page), the tabs' and the exception views' counts of the same rows, and the shop picker.
 */
export function orderListPage(rows: () => readonly Order[]): Handlers {
  const inView = (order: Order, kind: string | undefined) =>
    !kind || (order.exceptions ?? []).some((e) => e.kind === kind);
  return {
    ...session(),
    '/api/shop/index': () => ({ list: [], total: 0 }),
    '/api/order/index': (body) => {
      const list = rows().filter(
        (o) => inView(o, body.exception) && (!body.status || o.status === body.status),
      );
      return { list, total: list.length };
    },
    '/api/order/status-counts': () => ({
      counts: Object.fromEntries(
        ORDER_STATUSES.map((status) => [status, rows().filter((o) => o.status === status).length]),
      ) as Answer<'/api/order/status-counts'>['counts'],
    }),
    '/api/order/exception-counts': () => ({
      counts: Object.fromEntries(
        ORDER_EXCEPTIONS.map((kind) => [kind, rows().filter((o) => inView(o, kind)).length]),
      ) as Answer<'/api/order/exception-counts'>['counts'],
    }),
  };
}
