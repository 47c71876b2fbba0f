/**
 * The texts of the 导出 menu of 代发订单, 余额明细 and 利润报表 (`export-menu.tsx`): apart from
 * `common/texts.ts`, which 工作台 loads, so that a page without an export does not load them.
 */
export const EXPORT_TEXT = {
  button: '导出',
  as: (format: string) => `导出为 ${format}`,
  created: '导出任务已创建，可在下载中心查看进度并下载',
  goToDownloads: '前往下载中心',
  /** 选择导出列: which of the declared columns go in the file. */
  columns: {
    choose: (chosen: number, all: number) => `选择导出列（${chosen}/${all}）`,
    title: '选择导出列',
    description: '勾选要写入导出文件的列（按文件中的顺序排列），此浏览器会记住本列表的选择。',
    all: '全选',
    clear: '全不选',
    none: '请至少选择一列',
  },
} as const;
