export const LIST_COPY = {
  keyword: '关键词',
  search: '查询',
  reset: '重置',
  loadFailed: '加载失败，请稍后重试。',
} as const;
