import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const getSideChannel = require('./side-channel.cjs') as () => {
  get(key: unknown): unknown;
  set(key: unknown, value: unknown): void;
  has(key: unknown): boolean;
  delete(key: unknown): boolean;
  assert(key: unknown): void;
};
// The original, resolved the way qs resolves it.
const original = createRequire(require.resolve('qs'))('side-channel') as typeof getSideChannel;

describe('side-channel stand-in (the browser build of qs uses it)', () => {
  it('behaves like the original for object and primitive keys', () => {
    for (const make of [getSideChannel, original]) {
      const channel = make();
      const a = {};
      const b: unknown[] = [];
      expect(channel.has(a)).toBe(false);
      expect(channel.get(a)).toBeUndefined();
      channel.set(a, 1);
      channel.set(b, 2);
      channel.set('x', 3);
      expect([channel.get(a), channel.get(b), channel.get('x')]).toEqual([1, 2, 3]);
      expect(channel.has({})).toBe(false);
      expect(() => channel.assert({})).toThrow(TypeError);
      expect(channel.delete(a)).toBe(true);
      expect(channel.has(a)).toBe(false);
    }
  });

  it('keeps channels apart', () => {
    const one = getSideChannel();
    const two = getSideChannel();
    const key = {};
    one.set(key, 'one');
    expect(two.get(key)).toBeUndefined();
  });
});
