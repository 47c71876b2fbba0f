/**
 * The one text of the entry module, kept out of `copy.ts` so that the entry chunk carries only it:
 * shown when the page's code cannot load at all (offline, a deployment replaced the files).
 */
export const BOOT_COPY = {
  failed: '页面加载失败，请检查网络后重试。',
  reload: '重新加载',
};
