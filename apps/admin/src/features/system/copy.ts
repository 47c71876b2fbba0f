export const SYSTEM_COPY = {
  company: {
    intro: '公司信息用于后台和登录页的品牌展示。',
    name: '公司名称',
    shortName: '简称',
    enName: '英文名',
    logo: 'Logo 地址',
    footCopyright: '页脚版权',
    footInfo: '页脚信息',
  },
  setting: {
    intro: '代发相关的默认规则。',
    autoPurchase: '自动采购',
    markup: '复制加价比例',
    purchaseAccount: '采购账号',
    notifyMobile: '失败通知手机号',
    syncInterval: '订单同步间隔',
    autoSyncLogistics: '自动回传物流',
    yes: '开启',
    no: '关闭',
    minutes: (n: number) => `${n} 分钟`,
    none: '未设置',
  },
} as const;
