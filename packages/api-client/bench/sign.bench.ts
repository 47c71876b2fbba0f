import SparkMD5 from 'spark-md5';
import { bench, describe } from 'vitest';
import { canonicalString, signPayload, verifySignature } from '../src/sign';
import { oneKb, SECRET, tenFields } from './fixtures';

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
