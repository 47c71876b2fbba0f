/**
 * Every Chinese text of the admin app that is not a feature's own: route titles (they are also the
 * menu titles and the breadcrumb items) and the texts of the app-level pages.
 */

/** Titles by path. The document title is `{title} - {short_name}` (the shell writes it). */
export const TITLES = {
  account: '用户中心',
  dashboard: '工作台',
  dashboardIndex: '菜单导航',
  dashboardGuide: '新手指引',
  dashboardDownload: '下载中心',
  dashboardProfit: '利润报表',
  dashboardTools: '常用工具',
  dashboardHelp: '帮助中心',
  order: '订单管理',
  orderIndex: '代发订单',
  orderAfterSale: '售后订单',
  orderPreSale: '预售订单',
  shop: '店铺管理',
  shopSetting: '店铺设置',
  shopAuthorised: '店铺授权',
  shopSettingGroup: '店铺分组',
  shopCopy: '商品复制',
  shopCopyList: '复制记录',
  shopGoods: '商品管理',
  shopGoodsDetail: '商品编辑',
  shopHelp: '平台精选',
  user: '用户管理',
  userBuyer: '买家管理',
  userSeller: '卖家管理',
  userAddress: '地址管理',
  userBlackList: '黑名单',
  userAccount: '子账号',
  userPermission: '权限管理',
  system: '系统设置',
  systemGlobal: '全局设置',
  systemSetting: '代发设置',
  supplierAuthorised: '1688授权',
  systemAddress: '发货地址',
  systemLogs: '操作日志',
  // balance (余额, 充值)
  finance: '财务',
  financeBalance: '余额明细',
  financeTopupResult: '充值结果',
  // (充值异常, operators)
  financePaymentIssues: '充值异常',
  financePaymentIssueTopups: '异常充值',
  financePaymentIssueNotices: '被拒通知',
  login: '登录',
  privacyPolicy: '隐私政策',
  userAgreement: '用户协议',
  forbidden: '无权限',
  serverError: '服务器错误',
  notFound: '页面不存在',
} as const;

/** The status texts themselves are ui's ErrorPage presets (docs/design.md#names-and-texts-tests-hold-on-to). */
export const ERROR_TEXT = {
  errorPageLink: '报错页面',
  backHome: '返回首页',
} as const;

/** Shown by the root error page: the page's code did not load (offline, a deployment replaced the files). */
export const LOAD_ERROR_TEXT = {
  failed: '页面加载失败，请检查网络后重试。',
  reload: '重新加载',
} as const;
