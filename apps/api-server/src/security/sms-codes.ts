import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/db';
import { ApiRefusal, HttpProblem } from '../http/respond';
import { SMS_DELIVERY_MESSAGES, SmsDeliveryError, type SmsProvider } from '../providers/sms';
import { RateLimiter } from './rate-limit';

export const SMS_RULES = {
  /** One code per mobile per 60 s. */
  resendSeconds: 60,
  /** A code is valid 5 minutes. */
  validSeconds: 300,
  /** Five wrong tries spend the code. */
  maxAttempts: 5,
  /** One IP may ask for at most 30 codes per 10 minutes. */
  perIpLimit: 30,
  perIpWindowSeconds: 10 * 60,
} as const;

export const SMS_MESSAGES = {
  tooSoon: (seconds: number) => `验证码发送过于频繁，请 ${seconds} 秒后再试`,
  ipLimited: '获取验证码过于频繁，请稍后再试',
  wrongCode: '验证码错误',
  expired: '验证码错误或已过期，请重新获取',
  spent: '验证码错误次数过多，请重新获取',
} as const;

/**
 * Issues and checks SMS login codes. Codes live in `sms_codes` as an HMAC of (mobile, code) keyed
 * with the server secret. Every rule holds across instances sharing the database: the per-mobile
 * ones (one send per 60 s, five wrong tries) are serialised per mobile with an advisory lock, and
 * the per-IP limit is a `RateLimiter` window counted in the same transaction as the code it issues.
 */
export class SmsCodes {
  readonly #perIp = new RateLimiter(SMS_RULES.perIpLimit, SMS_RULES.perIpWindowSeconds);

  constructor(
    private readonly db: Db,
    private readonly provider: SmsProvider,
    private readonly secret: string,
    private readonly now: () => number,
  ) {}

  private hash(mobile: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${mobile}:${code}`).digest('hex');
  }

  /**
   * Issues a code and sends it. With `deliver` false (a mobile that could not sign in with it: its
   * user or account disabled, or unknown with `SIGNUP=closed`) every rule is applied and counted
   * the same, and the caller answers the same, but nothing is sent and the mobile's last code stays
   * valid: the row written is spent from the start (it only starts the 60 s wait), so the answer
   * tells nobody whether the mobile may sign in, and nobody can have texts sent to it.
   */
  async send(mobile: string, ip: string, deliver = true): Promise<void> {
    const nowS = Math.floor(this.now() / 1000);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sms:${mobile}`]);
      const [last] = await tx.query<{ created_at: number }>(
        'SELECT created_at FROM sms_codes WHERE mobile = $1 ORDER BY created_at DESC, id DESC LIMIT 1',
        [mobile],
      );
      if (last && nowS - last.created_at < SMS_RULES.resendSeconds) {
        const wait = SMS_RULES.resendSeconds - (nowS - last.created_at);
        throw new HttpProblem(429, SMS_MESSAGES.tooSoon(wait), { 'retry-after': String(wait) });
      }
      // Counted only when a code is issued: a refusal rolls the hit back with the rest.
      if (!(await this.#perIp.hit(tx, `sms-ip:${ip}`, nowS))) {
        throw new HttpProblem(429, SMS_MESSAGES.ipLimited);
      }
      if (!deliver) {
        // A code nobody receives: the hash of a random secret, spent, so it never verifies.
        await tx.query(
          `INSERT INTO sms_codes (mobile, code_hash, ip, created_at, expires_at, spent)
           VALUES ($1, $2, $3, $4, $5, true)`,
          [
            mobile,
            this.hash(mobile, randomBytes(16).toString('hex')),
            ip,
            nowS,
            nowS + SMS_RULES.validSeconds,
          ],
        );
        return;
      }
      // Only the newest code of a mobile is valid.
      await tx.query('UPDATE sms_codes SET spent = true WHERE mobile = $1 AND spent = false', [mobile]);
      await tx.query(
        'INSERT INTO sms_codes (mobile, code_hash, ip, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
        [mobile, this.hash(mobile, code), ip, nowS, nowS + SMS_RULES.validSeconds],
      );
    });
    if (!deliver) return;
    try {
      await this.provider.send(mobile, code);
    } catch (error) {
      // A code that never reached the phone is withdrawn, so the user may ask again at once (the
      // per-mobile 60 s rule counts issued codes) instead of waiting for one they will never get.
      await this.db.query('DELETE FROM sms_codes WHERE mobile = $1 AND code_hash = $2', [
        mobile,
        this.hash(mobile, code),
      ]);
      // Told to the user as a refusal (the login form shows its msg): rate limited, bad number, or the
      // provider is unavailable (anything it did not explain). The provider logged the details.
      throw new ApiRefusal(
        SMS_DELIVERY_MESSAGES[error instanceof SmsDeliveryError ? error.reason : 'unavailable'],
      );
    }
  }

  /** Checks a code; a right code is spent at once. Throws ApiRefusal when it is wrong. */
  async verify(mobile: string, code: string): Promise<void> {
    const nowS = Math.floor(this.now() / 1000);
    const given = Buffer.from(this.hash(mobile, code), 'hex');
    const outcome = await this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sms:${mobile}`]);
      const [row] = await tx.query<{ id: number; code_hash: string; attempts: number }>(
        `SELECT id, code_hash, attempts FROM sms_codes
         WHERE mobile = $1 AND spent = false AND expires_at > $2
         ORDER BY created_at DESC, id DESC LIMIT 1`,
        [mobile, nowS],
      );
      if (!row) return 'expired' as const;
      const stored = Buffer.from(row.code_hash, 'hex');
      if (stored.length === given.length && timingSafeEqual(stored, given)) {
        await tx.query('UPDATE sms_codes SET spent = true WHERE id = $1', [row.id]);
        return 'ok' as const;
      }
      const attempts = row.attempts + 1;
      await tx.query('UPDATE sms_codes SET attempts = $2, spent = $3 WHERE id = $1', [
        row.id,
        attempts,
        attempts >= SMS_RULES.maxAttempts,
      ]);
      return attempts >= SMS_RULES.maxAttempts ? ('spent' as const) : ('wrong' as const);
    });
    if (outcome === 'ok') return;
    throw new ApiRefusal(
      outcome === 'expired'
        ? SMS_MESSAGES.expired
        : outcome === 'spent'
          ? SMS_MESSAGES.spent
          : SMS_MESSAGES.wrongCode,
    );
  }
}
