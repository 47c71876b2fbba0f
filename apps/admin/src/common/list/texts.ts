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
  statusTabs: '状态',
  detail: '详情',
  total: (n: number) => `共 ${n} 条`,
  // Form dialogs
  cancel: '取消',
  confirm: '确定',
  saving: '保存中…',
} as const;
