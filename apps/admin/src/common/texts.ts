/**
 * The texts of the parts in `common/` that several features show (README, "Layers"). Only texts: the
 * contract's labels are imported where they are shown (工作台 loads this file, not the labels).
 */
export const COMMON_TEXT = {
  /** The 充值 beside 余额不足 on a form (`FormProblem`). */
  topUp: '充值',
  /** The 导出 menu of 代发订单, 余额明细 and 利润报表 (`export-menu.tsx`). */
  export: {
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
  },
  /** 新手指引 and 代发设置 (`sender-address-notice.tsx`). */
  senderMissing: '还没有发货地址：供应商发货后，订单要有发货地址才能发货并回传物流。',
  senderMissingLink: '去设置发货地址',
  /** 新手指引's checklist on 工作台 and 新手指引 (`setup-checklist.tsx`), by `SETUP_STEPS`. */
  setup: {
    heading: '开店准备',
    progress: (done: number, all: number) => `已完成 ${done}/${all}`,
    allDone: '开店准备已全部完成',
    guide: '查看新手指引',
    done: '已完成',
    todo: '未完成',
    steps: {
      shop: { title: '添加店铺', body: '授权拼多多或抖店店铺，订单自动同步进来。', link: '去添加店铺' },
      supplier: { title: '连接1688', body: '连接1688采购账号，一键采购和自动采购用它下单。', link: '去连接' },
      sender_address: {
        title: '设置发货地址',
        body: '订单发货、回传物流时使用的发货地址。',
        link: '去设置',
      },
      auto_pay: { title: '开启自动付款', body: '1688订单下单后自动用免密支付付款。', link: '去开启' },
      top_up: { title: '充值余额', body: '代发服务费从余额中扣除。', link: '去充值' },
    },
  },
} as const;
