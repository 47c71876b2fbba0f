import type { CopyStatus, GoodsStatus, ShopAuthStatus } from '@consign/api-client';

export const SHOP_COPY = {
  shopKeyword: '店铺名称',
  groupKeyword: '分组名称',
  goodsKeyword: '商品标题',
  copyKeyword: '货源链接',
  manageGroups: '店铺分组',
  copyRecords: '复制记录',
  columns: {
    name: '店铺名称',
    platform: '平台',
    group: '分组',
    auth: '授权状态',
    goodsCount: '商品数',
    groupName: '分组名称',
    shopCount: '店铺数',
    title: '商品标题',
    shop: '店铺',
    price: '售价',
    stock: '库存',
    status: '状态',
    updatedAt: '更新时间',
    actions: '操作',
    source: '货源链接',
    progress: '进度',
    createdAt: '创建时间',
  },
  noGroup: '未分组',
  edit: '编辑',
  auth: { authorized: '已授权', expired: '授权过期', unauthorized: '未授权' } satisfies Record<
    ShopAuthStatus,
    string
  >,
  goodsStatus: { on_sale: '在售', off_sale: '已下架', draft: '草稿' } satisfies Record<GoodsStatus, string>,
  copyStatus: { queued: '排队中', running: '复制中', succeeded: '成功', failed: '失败' } satisfies Record<
    CopyStatus,
    string
  >,
  copyForm: {
    intro: '粘贴货源商品链接（每行一条，最多 50 条），选择目标店铺后开始复制。',
    shop: '目标店铺',
    shopPlaceholder: '请选择店铺',
    urls: '商品链接',
    urlsPlaceholder: 'https://item.taobao.com/item.htm?id=...',
    submit: '开始复制',
    created: (n: number) => `已创建 ${n} 个复制任务`,
    invalid: '请选择店铺并至少填写一条以 http(s):// 开头的链接',
  },
  detail: {
    missing: '缺少商品编号，请从商品管理中选择要编辑的商品。',
    back: '返回商品管理',
    fields: {
      title: '商品标题',
      shop: '所属店铺',
      price: '售价',
      stock: '库存',
      status: '状态',
      source: '货源链接',
      updatedAt: '更新时间',
    },
  },
} as const;
