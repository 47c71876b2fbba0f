/**
 * The texts of the app-level pages that are not a feature's own. A page's title is not here: its route
 * declares it (`staticData.title`, README "Adding a page").
 */

/** The status texts themselves are ui's ErrorPage presets (docs/design.md#names-and-texts-tests-hold-on-to). */
export const ERROR_TEXT = {
  /** The title of each status's page (the /403 and /500 routes declare theirs from here; 404 has no route). */
  titles: { 403: '无权限', 404: '页面不存在', 500: '服务器错误' },
  errorPageLink: '报错页面',
  backHome: '返回首页',
} as const;

/** Shown by the root error page: the page's code did not load (offline, a deployment replaced the files). */
export const LOAD_ERROR_TEXT = {
  failed: '页面加载失败，请检查网络后重试。',
  reload: '重新加载',
} as const;
