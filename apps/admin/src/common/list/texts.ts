export const LIST_TEXT = {
  keyword: '关键词',
  search: '查询',
  reset: '重置',
  loadFailed: '加载失败，请稍后重试。',
  retry: '重试',
  all: '全部',
  shop: '店铺',
  allShops: '全部店铺',
  filters: '筛选',
  /** 筛选 with the number of filters applied (the phone's button). */
  filtersApplied: (n: number) => (n > 0 ? `筛选（${n}）` : '筛选'),
  statusTabs: '状态',
  detail: '详情',
  total: (n: number) => `共 ${n} 条`,
  // Cards (the list on a phone)
  empty: '暂无数据',
  none: '—',
  copy: (what: string) => `复制${what}`,
  copied: (text: string) => `已复制 ${text}`,
  copyFailed: '复制失败，请长按号码手动复制',
  selectRow: (name: string) => `选择 ${name}`,
  selectPage: '全选本页',
  // Form dialogs
  cancel: '取消',
  confirm: '确定',
  saving: '保存中…',
} as const;
