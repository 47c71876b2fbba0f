export const ACCOUNT_COPY = {
  nickname: '昵称',
  mobile: '手机号',
  role: '角色',
  createdAt: '注册时间',
  roles: { admin: '管理员', user: '普通用户' },
  noNickname: '未设置',
  accountRole: '账号身份',
  accountRoles: { owner: '主账号', member: '子账号' },
  accountName: '账号名称',
  nicknameHint: '页头和处理记录中显示的名字；留空则显示手机号',
  accountNameHint: '卖家管理中显示的账号名称，仅主账号可以修改',
  required: (label: string) => `请输入${label}`,
  save: '保存',
  saving: '保存中…',
  saved: (label: string) => `${label}已保存`,
} as const;

/** `13800000000` -> `138****0000`; anything shorter than 7 characters is shown as it is. */
export function maskMobile(mobile: string): string {
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : mobile;
}
