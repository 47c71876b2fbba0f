/**
 * The texts of the parts in `common/` that several features show (README, "Layers"). Only texts: the
 * contract's labels are imported where they are shown (工作台 loads this file, not the labels).
 */
export const COMMON_TEXT = {
  /** The 充值 beside 余额不足 on a form (`FormProblem`). */
  topUp: '充值',
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
