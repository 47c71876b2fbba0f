import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (platform app secrets, shops' access and refresh tokens): AES-256-GCM under the key
 * `DATA_ENCRYPTION_KEY` (32 bytes, given as 64 hex digits or base64). A sealed value is text:
 *
 *   `v1.<key id>.<base64url(12-byte IV | ciphertext | 16-byte tag)>`
 *
 * The key id (the first 8 hex digits of the key's SHA-256) says which key sealed it, so a rotation can
 * tell old values from new; `context` (e.g. `platform_app:3:client_secret`) is bound as additional
 * data, so a value copied into another row or column does not open. Opening anything altered, sealed
 * under another key or for another context throws `SecretBoxError`; nothing is ever returned half-read.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

/** `DATA_ENCRYPTION_KEY` as 32 bytes; throws with a message naming the expected format. */
export function parseDataKey(value: string): Buffer {
  const text = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text, text.includes('-') || text.includes('_') ? 'base64url' : 'base64')
      : null;
  if (key?.length !== 32) {
    throw new SecretBoxError(
      'DATA_ENCRYPTION_KEY must be 32 random bytes as 64 hex digits or base64 (e.g. `openssl rand -base64 32`).',
    );
  }
  return key;
}

/** The id a sealed value carries: 8 hex digits of the key's SHA-256 (not enough to learn the key). */
export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

export class SecretBox {
  readonly keyId: string;
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new SecretBoxError('An AES-256-GCM key is 32 bytes.');
    this.#key = Buffer.from(key);
    this.keyId = keyId(key);
  }

  seal(plaintext: string, context = ''): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const sealed = Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    return `${VERSION}.${this.keyId}.${sealed}`;
  }

  open(sealed: string, context = ''): string {
    const [version, id, data, extra] = sealed.split('.');
    if (version !== VERSION || !id || data === undefined || extra !== undefined) {
      throw new SecretBoxError('Not a sealed value.');
    }
    if (id !== this.keyId) {
      throw new SecretBoxError(`Sealed under another key (${id}); this key is ${this.keyId}.`);
    }
    const bytes = Buffer.from(data, 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('Sealed value too short.');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    try {
      const body = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('Sealed value was altered, or belongs to another context.');
    }
  }

  /** Whether `sealed` was sealed under this box's key (a rotation re-seals the others). */
  sealedHere(sealed: string): boolean {
    return sealed.startsWith(`${VERSION}.${this.keyId}.`);
  }
}

/**
 * The key used outside production when `DATA_ENCRYPTION_KEY` is unset: fixed and public, so a
 * development database stays readable across restarts. Production refuses to start without a key.
 */
export const DEV_DATA_KEY = createHash('sha256').update('consign-dev-data-encryption-key').digest();
