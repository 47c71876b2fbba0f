/** The carriers 发货 offers and their tracking-number formats. */

/**
 * The carriers 发货 offers. `pattern` is the tracking-number format where one is known (checked on
 * the trimmed, upper-cased number); `hint` says it in words. `OTHER` (其他) has none.
 */
export const CARRIERS = [
  { code: 'SF', name: '顺丰速运', pattern: /^SF\d{13}$/, hint: 'SF 加 13 位数字' },
  { code: 'ZTO', name: '中通快递', pattern: /^7\d{11,14}$/, hint: '7 开头的 12-15 位数字' },
  { code: 'YTO', name: '圆通速递', pattern: /^YT\d{13}$/, hint: 'YT 加 13 位数字' },
  { code: 'YUNDA', name: '韵达快递', pattern: /^(\d{13}|\d{15})$/, hint: '13 或 15 位数字' },
  { code: 'STO', name: '申通快递', pattern: /^77\d{11,13}$/, hint: '77 开头的 13-15 位数字' },
  { code: 'JT', name: '极兔速递', pattern: /^JT\d{13}$/, hint: 'JT 加 13 位数字' },
  { code: 'EMS', name: '中国邮政 EMS', pattern: /^(\d{13}|E[A-Z]\d{9}CN)$/, hint: '13 位数字' },
  { code: 'JD', name: '京东快递', pattern: /^JD[A-Z0-9]{11,13}$/, hint: 'JD 加 11-13 位字母或数字' },
  { code: 'OTHER', name: '其他', pattern: null, hint: '' },
] as const;
export type CarrierCode = (typeof CARRIERS)[number]['code'];
export const CARRIER_CODES = CARRIERS.map((carrier) => carrier.code) as [CarrierCode, ...CarrierCode[]];

/** The carrier of a code (undefined for an unknown code). */
export function carrierOf(code: string) {
  return CARRIERS.find((carrier) => carrier.code === code);
}

/** Tracking numbers are compared and stored trimmed and upper-cased. */
export function normalizeTrackingNo(value: string): string {
  return value.trim().toUpperCase();
}

/** Why a tracking number does not fit its carrier's format, or null when it does (or none is known). */
export function trackingNoProblem(carrierCode: string, trackingNo: string): string | null {
  const carrier = carrierOf(carrierCode);
  const value = normalizeTrackingNo(trackingNo);
  if (!/^[A-Z0-9-]{6,40}$/.test(value)) return '运单号应为 6-40 位字母或数字';
  if (!carrier?.pattern || carrier.pattern.test(value)) return null;
  return `运单号格式与${carrier.name}不符（应为${carrier.hint}）`;
}

/** The carrier a file names, by code (any case) or by its Chinese name; undefined when unknown. */
export function carrierByCodeOrName(value: string) {
  const wanted = value.trim();
  return CARRIERS.find((carrier) => carrier.code === wanted.toUpperCase() || carrier.name === wanted);
}
