import { bench, describe } from 'vitest';
import { signPayload, verifySignature } from '../src/sign';
import { oneKb, SECRET, tenFields } from './fixtures';

const tenFieldsSignature = signPayload(tenFields, SECRET);

describe('10-field body', () => {
  bench('signPayload', () => {
    signPayload(tenFields, SECRET);
  });
  bench('verifySignature (server side)', () => {
    verifySignature(tenFields, SECRET, tenFieldsSignature);
  });
});

describe('1 KB body', () => {
  bench('signPayload', () => {
    signPayload(oneKb, SECRET);
  });
});
