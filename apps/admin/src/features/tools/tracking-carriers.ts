import { CARRIERS, type CarrierCode, normalizeTrackingNo, trackingNoProblem } from '@consign/api-client';

/**
 * 运单号识别: the carriers whose tracking-number format (the contract's `CARRIERS`, which 发货 checks
 * numbers against) fits a pasted number. Several may fit (a 13-digit number is 韵达's and EMS's
 * format); none when the number fits no known format.
 */
export function carriersForTrackingNo(value: string): { code: CarrierCode; name: string }[] {
  const trackingNo = normalizeTrackingNo(value).replace(/\s+/g, '');
  if (!trackingNo) return [];
  return CARRIERS.filter(
    (carrier) => carrier.pattern && trackingNoProblem(carrier.code, trackingNo) === null,
  ).map(({ code, name }) => ({ code, name }));
}
