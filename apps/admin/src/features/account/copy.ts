export const ACCOUNT_COPY = {
  nickname: '昵称',
  mobile: '手机号',
  role: '角色',
  createdAt: '注册时间',
  roles: { admin: '管理员', user: '普通用户' },
  noNickname: '未设置',
} as const;
