import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyId, parseDataKey, SecretBox, SecretBoxError } from '../src/security/secret-box';

/** AES-256-GCM for secrets at rest: round trip, tamper detection, wrong key, wrong context, key formats. */

const key = randomBytes(32);
const box = new SecretBox(key);

describe('SecretBox', () => {
  it('round-trips text, Chinese and emoji included, and never repeats a ciphertext', () => {
    for (const secret of ['', 'app-secret-0123456789', '店铺令牌 🔑', 'x'.repeat(10_000)]) {
      const sealed = box.seal(secret, 'shop:1:access_token');
      expect(sealed.startsWith(`v1.${keyId(key)}.`)).toBe(true);
      expect(box.open(sealed, 'shop:1:access_token')).toBe(secret);
    }
    const a = box.seal('same');
    const b = box.seal('same');
    expect(a).not.toBe(b);
    expect(a).not.toContain('same');
    expect(box.open(a)).toBe('same');
  });

  it('detects any change: a flipped bit anywhere, a truncation, an appended byte', () => {
    const sealed = box.seal('the client secret', 'platform_app:3:client_secret');
    const [, , data = ''] = sealed.split('.');
    const bytes = Buffer.from(data, 'base64url');
    for (let i = 0; i < bytes.length; i++) {
      const changed = Buffer.from(bytes);
      changed[i] = (changed[i] ?? 0) ^ 0x01;
      const tampered = `v1.${keyId(key)}.${changed.toString('base64url')}`;
      expect(() => box.open(tampered, 'platform_app:3:client_secret')).toThrow(SecretBoxError);
    }
    const short = `v1.${keyId(key)}.${bytes.subarray(0, bytes.length - 1).toString('base64url')}`;
    expect(() => box.open(short, 'platform_app:3:client_secret')).toThrow(SecretBoxError);
    const longer = `v1.${keyId(key)}.${Buffer.concat([bytes, Buffer.from([0])]).toString('base64url')}`;
    expect(() => box.open(longer, 'platform_app:3:client_secret')).toThrow(SecretBoxError);
    expect(() => box.open('plain text', '')).toThrow(SecretBoxError);
    expect(() => box.open(`v2${sealed.slice(2)}`, 'platform_app:3:client_secret')).toThrow(SecretBoxError);
  });

  it('does not open under another key, even one claiming the right key id', () => {
    const other = new SecretBox(randomBytes(32));
    const sealed = box.seal('token');
    expect(() => other.open(sealed)).toThrow(/another key/);
    expect(other.sealedHere(sealed)).toBe(false);
    expect(box.sealedHere(sealed)).toBe(true);
    // A value re-labelled with the other key's id still fails authentication.
    const relabelled = sealed.replace(`.${box.keyId}.`, `.${other.keyId}.`);
    expect(() => other.open(relabelled)).toThrow(SecretBoxError);
  });

  it('binds the context: a value copied to another row or column does not open there', () => {
    const sealed = box.seal('refresh-token', 'shop:1:refresh_token');
    expect(() => box.open(sealed, 'shop:2:refresh_token')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'shop:1:access_token')).toThrow(SecretBoxError);
  });

  it('reads DATA_ENCRYPTION_KEY as 64 hex digits or base64 of 32 bytes, nothing else', () => {
    expect(parseDataKey(key.toString('hex')).equals(key)).toBe(true);
    expect(parseDataKey(key.toString('base64')).equals(key)).toBe(true);
    expect(parseDataKey(` ${key.toString('base64url')} `).equals(key)).toBe(true);
    for (const bad of [
      '',
      'secret',
      key.toString('hex').slice(2),
      randomBytes(16).toString('base64'),
      'z'.repeat(64),
    ]) {
      expect(() => parseDataKey(bad)).toThrow(/DATA_ENCRYPTION_KEY must be 32 random bytes/);
    }
    expect(() => new SecretBox(randomBytes(16))).toThrow(SecretBoxError);
  });
});
