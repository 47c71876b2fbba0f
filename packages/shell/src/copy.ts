/**
 * Every Chinese text the shell shows, in one place, so that another product can translate it.
 * The names and texts marked "contract" are held on to by tests (docs/design.md#names-and-texts-tests-hold-on-to): change them on purpose.
 */
export const shellCopy = {
  // Header (contract)
  collapseMenu: '折叠菜单',
  expandMenu: '展开菜单',
  topUp: '充值',
  help: '帮助',
  notifications: '消息通知',
  readAll: '全部已读',
  noNotifications: '暂无消息',
  notificationsFailed: '消息加载失败，请稍后重试',
  unread: '未读：',
  userMenu: '用户菜单',
  logout: '退出登录',
  userCenter: '用户中心',
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

export { loginCopy } from './login/login-copy';
