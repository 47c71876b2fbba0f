export const ACCOUNT_COPY = {
  nickname: '昵称',
  mobile: '手机号',
  role: '角色',
  createdAt: '注册时间',
  roles: { admin: '管理员', user: '普通用户' },
  noNickname: '未设置',
} as const;

/** `13800000000` -> `138****0000`; anything shorter than 7 characters is shown as it is. */
export function maskMobile(mobile: string): string {
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : mobile;
}
