import { describe, expect, it } from 'vitest';
import {
  KV_ERRORS,
  addCounter,
  checkEntries,
  checkExpectedEntries,
  checkExtendEntries,
  checkIncrement,
  checkLimit,
  checkScore,
  checkTtl,
  checkValueEntries,
  compareCodePoints,
  escapeGlob,
  parseCounter,
} from './validate.js';

describe('argument checks', () => {
  it('checkTtl accepts positive numbers, rounds fractions up and rejects the rest', () => {
    expect(checkTtl(1)).toBe(1);
    expect(checkTtl(0.2)).toBe(1);
    expect(checkTtl(150.01)).toBe(151);
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, '100', null, undefined, 1e300]) {
      expect(() => checkTtl(bad)).toThrow(RangeError);
    }
  });

  it('checkIncrement defaults to 1 and wants a safe integer', () => {
    expect(checkIncrement(undefined)).toBe(1);
    expect(checkIncrement(-7)).toBe(-7);
    for (const bad of [1.5, Number.NaN, 2 ** 60, '1']) expect(() => checkIncrement(bad)).toThrow(RangeError);
  });

  it('checkScore allows infinities but not NaN; checkLimit wants a non-negative integer', () => {
    expect(checkScore(Number.NEGATIVE_INFINITY)).toBe(Number.NEGATIVE_INFINITY);
    expect(() => checkScore(Number.NaN)).toThrow(RangeError);
    expect(() => checkScore('1')).toThrow(RangeError);
    expect(checkLimit(undefined)).toBeUndefined();
    expect(checkLimit(0)).toBe(0);
    for (const bad of [-1, 1.5, Number.POSITIVE_INFINITY]) expect(() => checkLimit(bad)).toThrow(RangeError);
  });

  it('checkEntries wants a non-empty array', () => {
    expect(checkEntries([1])).toEqual([1]);
    expect(() => checkEntries([])).toThrow(RangeError);
    expect(() => checkEntries('x')).toThrow(TypeError);
  });

  it('checks every entry of the all-or-nothing writes: its key, its value or expected value, a new value', () => {
    expect(checkValueEntries([{ key: 'a', value: '' }])).toEqual([{ key: 'a', value: '' }]);
    expect(checkExpectedEntries([{ key: 'a', expected: 'x' }])).toEqual([{ key: 'a', expected: 'x' }]);
    expect(
      checkExtendEntries([
        { key: 'a', expected: 'x', newValue: 'y' },
        { key: 'b', expected: 'z' },
      ]),
    ).toEqual([
      { key: 'a', expected: 'x', newValue: 'y' },
      { key: 'b', expected: 'z', newValue: undefined },
    ]);
    const ok = { key: 'k', value: 'v', expected: 'v' };
    for (const check of [checkValueEntries, checkExpectedEntries, checkExtendEntries]) {
      expect(() => check([])).toThrow(RangeError);
      for (const bad of [null, 'k', { ...ok, key: '' }, { ...ok, key: 1 }])
        expect(() => check([ok, bad])).toThrow(TypeError);
    }
    expect(() => checkValueEntries([ok, { key: 'k', value: 1 }])).toThrow('entries[].value must be a string');
    expect(() => checkExpectedEntries([ok, { key: 'k' }])).toThrow('expected must be a string');
    expect(() => checkExtendEntries([ok, { key: 'k', expected: 'v', newValue: 1 }])).toThrow(
      'newValue must be a string',
    );
  });
});

describe('counters', () => {
  it('parseCounter reads what Redis INCR reads and nothing else', () => {
    expect(parseCounter('0')).toBe(0);
    expect(parseCounter('-42')).toBe(-42);
    expect(parseCounter('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    for (const bad of ['', ' 1', '1 ', '+1', '01', '-0', '1.0', '1e3', 'abc', '9007199254740993']) {
      expect(() => parseCounter(bad), bad).toThrow(KV_ERRORS.notInteger);
    }
  });

  it('addCounter refuses results outside the safe integer range', () => {
    expect(addCounter(5, -10)).toBe(-5);
    expect(() => addCounter(Number.MAX_SAFE_INTEGER, 1)).toThrow(KV_ERRORS.overflow);
  });
});

describe('escapeGlob', () => {
  it('escapes exactly the Redis glob characters', () => {
    expect(escapeGlob('board:1')).toBe('board:1');
    expect(escapeGlob('a*b?c[d]e\\f')).toBe('a\\*b\\?c\\[d\\]e\\\\f');
    expect(escapeGlob('{lock}:^-')).toBe('{lock}:^-');
  });
});

describe('compareCodePoints', () => {
  it('orders like the UTF-8 bytes of the strings (Redis member order)', () => {
    const samples = ['', 'a', 'ab', 'b', 'B', 'é', '\uE000', '\uFFFF', '😀', '😀a', '\u0000', 'z', '中'];
    const byBytes = [...samples].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect([...samples].sort(compareCodePoints)).toEqual(byBytes);
    // Plain `<` gets this pair wrong: U+FFFF is below U+1F600 but its UTF-16 unit is above.
    expect(compareCodePoints('\uFFFF', '😀')).toBeLessThan(0);
  });
});
