import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isBannerActive,
  isValidMobile,
  MOBILE_PATTERN,
  normalizeMobile,
  signPayload,
  verifySignature,
} from '../src';
import { mobileSchema } from '../src/contract';

const secret = fc.string({ minLength: 1, maxLength: 40 });
const key = fc.string({ minLength: 1, maxLength: 12 });
/** Values that take part in the signature. */
const signable = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.string({ minLength: 1, maxLength: 10, unit: 'grapheme' }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.dictionary(key, fc.oneof(fc.string(), fc.integer(), fc.boolean()), { maxKeys: 3 }),
);
/** Values that never take part in the signature. */
const ignored = fc.constantFrom<unknown>([], ['a', 1], '', null, undefined, new Blob(['x']));
const entries = fc.uniqueArray(fc.tuple(key, signable), { selector: ([k]) => k, maxLength: 12 });

/** The rule of docs/design.md#api-contract written out by hand, hashed by node:crypto: the reference. */
function referenceSign(fields: Record<string, unknown>, secretText: string): string {
  const parts: string[] = [];
  for (const k of Object.keys(fields).sort()) {
    const value = fields[k];
    if (
      value === null ||
      value === undefined ||
      value === '' ||
      Array.isArray(value) ||
      value instanceof Blob
    ) {
      continue;
    }
    parts.push(`${k}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  }
  parts.push(`key=${secretText}`);
  return md5Upper(parts.join('&'));
}

function md5Upper(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();
}

const textOf = (value: unknown) => (typeof value === 'object' ? JSON.stringify(value) : String(value));

describe('signature properties', () => {
  it('agrees with the hand-written reference (node:crypto) on any body', () => {
    fc.assert(
      fc.property(
        entries,
        fc.array(fc.tuple(key, ignored), { maxLength: 3 }),
        secret,
        (signed, skipped, s) => {
          const fields = Object.fromEntries([...skipped, ...signed]);
          expect(signPayload(fields, s)).toBe(referenceSign(fields, s));
        },
      ),
    );
  });

  it('does not depend on key insertion order', () => {
    fc.assert(
      fc.property(
        entries.chain((list) =>
          fc.tuple(
            fc.constant(list),
            fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }),
          ),
        ),
        secret,
        ([list, shuffled], s) => {
          expect(signPayload(Object.fromEntries(shuffled), s)).toBe(signPayload(Object.fromEntries(list), s));
        },
      ),
    );
  });

  it('ignores arrays, files, empty strings, null and undefined', () => {
    fc.assert(
      fc.property(entries, key, ignored, secret, (list, extraKey, extraValue, s) => {
        const fields = Object.fromEntries(list);
        fc.pre(!(extraKey in fields));
        expect(signPayload({ ...fields, [extraKey]: extraValue }, s)).toBe(signPayload(fields, s));
      }),
    );
  });

  it('verifySignature accepts the body as signed and rejects any changed field value', () => {
    fc.assert(
      fc.property(
        entries.filter((list) => list.length > 0),
        fc.nat(),
        fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.integer(), fc.boolean()),
        secret,
        (list, index, replacement, s) => {
          const fields = Object.fromEntries(list);
          const signature = signPayload(fields, s);
          expect(verifySignature(fields, s, signature)).toBe(true);
          expect(verifySignature(fields, s, signature.toLowerCase())).toBe(true);
          const [changedKey, oldValue] = list[index % list.length] as [string, unknown];
          fc.pre(textOf(replacement) !== textOf(oldValue));
          expect(verifySignature({ ...fields, [changedKey]: replacement }, s, signature)).toBe(false);
        },
      ),
    );
  });

  it('rejects a signature made with another secret', () => {
    fc.assert(
      fc.property(entries, secret, secret, (list, a, b) => {
        fc.pre(a !== b);
        const fields = Object.fromEntries(list);
        expect(verifySignature(fields, b, signPayload(fields, a))).toBe(false);
      }),
    );
  });
});

describe('the signature hashes UTF-8 (the secret is the only field of an empty body: `key=<secret>`)', () => {
  it('matches node:crypto for any string, lone surrogates included', () => {
    const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: anyUnit, maxLength: 200 })),
        (text) => {
          expect(signPayload({}, text)).toBe(md5Upper(`key=${text}`));
        },
      ),
    );
  });

  it('matches node:crypto across MD5 block boundaries and for long bodies', () => {
    for (const length of [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 5000, 70_000]) {
      const text = '订单x'.repeat(length).slice(0, length);
      expect(signPayload({}, text), String(length)).toBe(md5Upper(`key=${text}`));
    }
  });
});

describe('isBannerActive', () => {
  const time = fc.integer({ min: 1, max: 4_000_000_000 });
  const none = fc.constantFrom(0, null, undefined);

  it('always shows a banner without times', () => {
    fc.assert(
      fc.property(none, none, time, (begin, end, now) => {
        expect(isBannerActive({ begin_time: begin, end_time: end }, now)).toBe(true);
      }),
    );
  });

  it('shows a banner with both times strictly between them', () => {
    fc.assert(
      fc.property(time, time, time, (begin, end, now) => {
        expect(isBannerActive({ begin_time: begin, end_time: end }, now)).toBe(begin < now && now < end);
      }),
    );
  });

  it('treats a missing side as open', () => {
    fc.assert(
      fc.property(time, none, time, (t, missing, now) => {
        expect(isBannerActive({ begin_time: t, end_time: missing }, now)).toBe(now > t);
        expect(isBannerActive({ begin_time: missing, end_time: t }, now)).toBe(now < t);
      }),
    );
  });

  it('hides a banner at its exact begin and end second', () => {
    expect(isBannerActive({ begin_time: 100, end_time: 200 }, 100)).toBe(false);
    expect(isBannerActive({ begin_time: 100, end_time: 200 }, 200)).toBe(false);
    expect(isBannerActive({ begin_time: 100, end_time: 200 }, 101)).toBe(true);
  });
});

describe('the mobile rule', () => {
  const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 0, maxLength: 14 });
  const spaced = (text: string, spaces: number[]) =>
    text.split('').reduce((out, char, i) => out + (spaces.includes(i) ? ' \t' : '') + char, '');

  it('accepts exactly 11 digits starting 1[2-9], whatever whitespace surrounds them', () => {
    fc.assert(
      fc.property(digits, fc.array(fc.nat({ max: 14 }), { maxLength: 4 }), (number, spaces) => {
        const typed = spaced(number, spaces);
        const expected = number.length === 11 && number[0] === '1' && /[2-9]/.test(number[1] ?? '');
        expect(isValidMobile(typed)).toBe(expected);
        expect(mobileSchema.safeParse(typed).success).toBe(expected);
        if (expected) expect(mobileSchema.parse(typed)).toBe(number);
      }),
    );
  });

  it('normalizeMobile removes all whitespace and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        const once = normalizeMobile(text);
        expect(/\s/.test(once)).toBe(false);
        expect(normalizeMobile(once)).toBe(once);
      }),
    );
  });

  it('keeps the pattern of docs/product.md', () => {
    expect(MOBILE_PATTERN.test('13800000000')).toBe(true);
    expect(MOBILE_PATTERN.test('12000000000')).toBe(true);
    expect(MOBILE_PATTERN.test('11000000000')).toBe(false);
    expect(MOBILE_PATTERN.test('10000000000')).toBe(false);
    expect(MOBILE_PATTERN.test('1380000000')).toBe(false);
    expect(MOBILE_PATTERN.test('138000000000')).toBe(false);
  });
});
