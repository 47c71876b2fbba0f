import { SUPPLIER_ACCOUNT_STATUS_LABELS } from '@consign/api-client';

/** The words of the 1688 buyer account (代发设置 → 1688采购账号) and of 1688's return page. */
export const SUPPLIER_TEXT = {
  title: '1688采购账号',
  intro: '连接你的 1688 买家账号后，可复制 1688 商品并在 1688 一键采购下单。',
  states: SUPPLIER_ACCOUNT_STATUS_LABELS,
  account: (login: string) => `账号：${login}`,
  until: (date: string) => `授权有效期至 ${date}`,
  expiredHint: '授权已过期，请重新授权后继续采购。',
  connect: '连接1688账号',
  reauthorise: '重新授权',
  going: '正在前往1688授权页…',
  callbackTitle: '1688授权',
  working: '正在完成1688授权，请稍候…',
  connected: (login: string) => `1688账号“${login}”已连接`,
  failedTitle: '1688授权未完成',
  back: '返回代发设置',
  missing: '缺少1688返回的授权信息，请从代发设置重新连接。',
} as const;
