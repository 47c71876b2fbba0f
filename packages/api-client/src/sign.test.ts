import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createNonce, signPayload, verifySignature } from './sign.js';

describe('signPayload', () => {
  it('matches the WeChat Pay v2 conformance vector', () => {
    const fields = {
      appid: 'wxd930ea5d5a258f4f',
      mch_id: '10000100',
      device_info: '1000',
      body: 'test',
      nonce_str: 'ibuaiVcKdpRxkhJA',
    };
    expect(signPayload(fields, '192006250b4c09247ec02edce69f6a2d')).toBe('9A0A8659F005D6984697E2CA0A9CF3B7');
  });

  it('hashes the UTF-8 bytes of non-ASCII text exactly once', () => {
    // MD5 of the UTF-8 bytes of "keyword=连衣裙&key=s" (an earlier signer double-encoded them).
    expect(signPayload({ keyword: '连衣裙' }, 's')).toBe('382DDD15EF46645AC7175AD6499D587E');
    expect(signPayload({ keyword: '连衣裙' }, 's')).toBe(
      createHash('md5').update('keyword=连衣裙&key=s', 'utf8').digest('hex').toUpperCase(),
    );
  });

  it('verifies its own signature and rejects a changed field', () => {
    const fields = { mobile: '13800000000', ts: 1700000000, nonce: 'abc' };
    const sig = signPayload(fields, 's');
    expect(verifySignature(fields, 's', sig)).toBe(true);
    expect(verifySignature({ ...fields, mobile: '13800000001' }, 's', sig)).toBe(false);
  });

  it('draws 16-character alphanumeric nonces', () => {
    const nonce = createNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(createNonce()).not.toBe(nonce);
  });
});
