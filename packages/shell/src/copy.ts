/**
 * Every Chinese text the shell shows, in one place, so that another product can translate it.
 * The names and texts marked "contract" are held on to by tests (DESIGN.md section 8): change them on purpose.
 */
export const shellCopy = {
  // Header (contract)
  collapseMenu: '折叠菜单',
  expandMenu: '展开菜单',
  topUp: '充值',
  help: '帮助',
  notifications: '消息通知',
  notificationCount: '99',
  userMenu: '用户菜单',
  logout: '退出登录',
  // Sidebar (contract)
  darkMenu: '暗色菜单',
  mainNav: '主菜单',
  // Breadcrumb (contract)
  breadcrumb: '面包屑',
  // Session
  loading: '加载中',
  // Content error boundary
  pageErrorTitle: '页面出错了',
  pageErrorDescription: '这个页面遇到了问题，其他功能不受影响。',
  retry: '重试',
} as const;

export const loginCopy = {
  title: '登录',
  welcome: '欢迎登录',
  mobileLabel: '手机号',
  mobilePlaceholder: '请输入手机号',
  mobileMessage: '请输入手机号',
  codeLabel: '短信验证码',
  codePlaceholder: '请输入短信验证码',
  codeMessage: '请输入短信验证码',
  getCode: '获取验证码',
  countdown: (seconds: number) => `${seconds}秒后重新获取`,
  codeSent: '验证码已发送到您的手机',
  requestFailed: '请求失败',
  captchaFailed: '人机验证未通过',
  agreementPrefix: '我已阅读并同意',
  agreementJoin: '和',
  userAgreement: '用户协议',
  privacyPolicy: '隐私政策',
  agreementRequired: '请先勾选用户协议和隐私政策',
  submit: '登录',
  loginSuccess: '登录成功',
  qrScan: '使用微信扫一扫',
  qrCodeLabel: '登录二维码',
  switchToQr: '扫码登录',
  qrUnavailable: '扫码登录暂未开放',
  banners: '活动推荐',
} as const;
