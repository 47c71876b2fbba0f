import { EXPORT_FORMAT_LABELS, EXPORT_STATUS_LABELS } from '@consign/api-client/contract';

export const DOWNLOAD_TEXT = {
  keywordPlaceholder: '导出名称',
  statusTabs: '导出状态',
  refreshing: '有导出进行中，列表每 2 秒自动刷新',
  download: '下载',
  downloadLabel: (name: string) => `下载 ${name}`,
  progressLabel: (name: string) => `导出进度 ${name}`,
  progress: (done: number, total: number) =>
    `${done.toLocaleString('zh-CN')} / ${total.toLocaleString('zh-CN')} 行`,
  rows: (n: number) => `${n.toLocaleString('zh-CN')} 行`,
  keptNote: '导出文件保留 7 天，到期自动删除。',
  columns: {
    name: '名称',
    format: '格式',
    filters: '筛选条件',
    createdAt: '创建时间',
    status: '状态',
    size: '大小',
    expiresAt: '到期时间',
    actions: '操作',
  },
  format: EXPORT_FORMAT_LABELS,
  status: EXPORT_STATUS_LABELS,
} as const;
