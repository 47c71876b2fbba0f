import SparkMD5 from 'spark-md5';
import { bench, describe } from 'vitest';
import { canonicalString, signPayload, verifySignature } from '../src/sign';

const SECRET = 'consign-dev-secret';

/** A typical list request: ten fields after the client added nonce and ts. */
const tenFields = {
  pageIndex: 3,
  pageSize: 20,
  keyword: '连衣裙',
  status: 'pending',
  shop_id: 12,
  platform: 'taobao',
  start_date: '2026-11-01',
  end_date: '2026-11-22',
  nonce: 'aZ3kLm9QpX2rTt7B',
  ts: 1_795_334_400,
};

/** About 1 KB of mixed ASCII and Chinese text across a dozen fields. */
const oneKb: Record<string, unknown> = { nonce: 'aZ3kLm9QpX2rTt7B', ts: 1_795_334_400 };
for (let i = 0; i < 10; i++) {
  oneKb[`field_${i}`] = `商品标题 ${i} — Summer dress, cotton, size M/L/XL, 包邮 ${'x'.repeat(36)}`;
}

const tenFieldsSignature = signPayload(tenFields, SECRET);

/** For comparison: the canonical string hashed with spark-md5's string API (how the signer began). */
function sparkSign(fields: Record<string, unknown>): string {
  return SparkMD5.hash(canonicalString(fields, SECRET)).toUpperCase();
}

describe('10-field body', () => {
  bench('signPayload', () => {
    signPayload(tenFields, SECRET);
  });
  bench('verifySignature (server side)', () => {
    verifySignature(tenFields, SECRET, tenFieldsSignature);
  });
  bench('spark-md5 string hash (comparison)', () => {
    sparkSign(tenFields);
  });
});

describe('1 KB body', () => {
  bench('signPayload', () => {
    signPayload(oneKb, SECRET);
  });
  bench('spark-md5 string hash (comparison)', () => {
    sparkSign(oneKb);
  });
});
