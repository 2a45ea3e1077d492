import { describe, expect, it } from 'vitest';
import { InvalidOperationError } from './errors.js';
import { collectValues, getAt, pathsConflict, setAt, splitPath, unsetAt } from './paths.js';
import { cloneJson, compareValues, deepEqual, toStorable, type JsonObject } from './values.js';
import { compareCodePoints } from '@tessera/kit/ports';

describe('toStorable', () => {
  it('deep-copies JSON values and turns undefined into null', () => {
    const input = { a: [1, undefined, { b: 'x' }], c: undefined, d: null, e: true };
    const out = toStorable(input, 'doc');
    expect(out).toEqual({ a: [1, null, { b: 'x' }], c: null, d: null, e: true });
    (input.a[2] as { b: string }).b = 'changed';
    expect(out).toEqual({ a: [1, null, { b: 'x' }], c: null, d: null, e: true });
  });

  it.each([
    ['a Date', new Date(0), /Date/],
    ['NaN', Number.NaN, /NaN/],
    ['Infinity', Number.POSITIVE_INFINITY, /Infinity/],
    ['a bigint', 1n, /bigint/],
    ['a class instance', new (class Thing {})(), /Thing/],
    ['a function', () => 1, /function/],
    ['a Map', new Map(), /Map/],
  ])('refuses %s with the path in the message', (_label, value, pattern) => {
    expect(() => toStorable({ deep: { v: value } }, 'doc')).toThrow(InvalidOperationError);
    expect(() => toStorable({ deep: { v: value } }, 'doc')).toThrow(pattern);
    expect(() => toStorable({ deep: { v: value } }, 'doc')).toThrow(/doc\.deep\.v/);
  });

  it('refuses __proto__ keys and absurd nesting', () => {
    expect(() => toStorable(JSON.parse('{"__proto__": {"x": 1}}'), 'doc')).toThrow(/__proto__/);
    let deep: unknown = 1;
    for (let i = 0; i < 150; i++) deep = [deep];
    expect(() => toStorable(deep, 'doc')).toThrow(/nested/);
  });
});

describe('equality and order', () => {
  it('deepEqual is key-order sensitive like BSON and distinguishes types', () => {
    expect(deepEqual({ a: 1, b: [1, { c: 2 }] }, { a: 1, b: [1, { c: 2 }] })).toBe(true);
    expect(deepEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(deepEqual([1], { 0: 1 })).toBe(false);
    expect(deepEqual(1, '1')).toBe(false);
    expect(deepEqual(null, undefined)).toBe(false);
  });

  it('orders types null < numbers < strings < objects < arrays < booleans', () => {
    const sorted = [true, [1], { a: 1 }, 'b', 2, null, false, 'a', -1].sort(compareValues);
    expect(sorted).toEqual([null, -1, 2, 'a', 'b', { a: 1 }, [1], false, true]);
    expect(compareValues([1, 2], [1, 3])).toBeLessThan(0);
    expect(compareValues([1, 2], [1])).toBeGreaterThan(0);
    expect(compareValues({ a: 1 }, { a: 2 })).toBeLessThan(0);
    expect(compareValues({ a: 1 }, { b: 0 })).toBeLessThan(0);
  });

  it('compares strings by code point (UTF-8 byte order), not UTF-16 units', () => {
    // U+FF5E (one UTF-16 unit 0xFF5E) sorts before U+1F600 (surrogates 0xD83D...) by code point.
    expect(compareCodePoints('\uff5e', '😀')).toBeLessThan(0);
    expect('\uff5e' < '😀').toBe(false); // plain JS order disagrees
    expect(compareCodePoints('B', 'a')).toBeLessThan(0);
    expect(compareCodePoints('ab', 'a')).toBeGreaterThan(0);
    expect(compareCodePoints('same', 'same')).toBe(0);
  });

  it('cloneJson copies deeply', () => {
    const v: JsonObject = { a: [{ b: 1 }] };
    const c = cloneJson(v);
    (c.a as JsonObject[])[0]!.b = 2;
    expect(v).toEqual({ a: [{ b: 1 }] });
  });
});

describe('paths', () => {
  it('splitPath refuses empty parts, $ parts and __proto__', () => {
    expect(splitPath('a.b.0')).toEqual(['a', 'b', '0']);
    for (const bad of ['', 'a..b', '.a', 'a.$', 'items.$[].x', '__proto__.polluted', 'a.__proto__'])
      expect(() => splitPath(bad)).toThrow(InvalidOperationError);
  });

  it('collectValues fans out through arrays of documents and marks missing branches', () => {
    const doc = { a: [{ b: 1 }, { b: [2, 3] }, { c: 4 }, 'scalar'], x: { y: null } };
    expect(collectValues(doc, ['a', 'b'])).toEqual([1, [2, 3], undefined]);
    expect(collectValues(doc, ['a', '1', 'b'])).toEqual([[2, 3]]);
    expect(collectValues(doc, ['a', '9'])).toEqual([undefined]);
    expect(collectValues(doc, ['x', 'y'])).toEqual([null]);
    expect(collectValues(doc, ['x', 'y', 'z'])).toEqual([undefined]);
    expect(collectValues({ a: [] }, ['a', 'b'])).toEqual([undefined]);
    expect(collectValues({}, ['constructor'])).toEqual([undefined]);
  });

  it('setAt creates objects, pads arrays with null, and refuses to write through scalars', () => {
    const doc: JsonObject = { list: [1], s: 'text', n: null };
    setAt(doc, ['a', 'b', 'c'], 1, 'a.b.c');
    setAt(doc, ['list', '3'], 4, 'list.3');
    setAt(doc, ['list', '5', 'x'], 'y', 'list.5.x');
    expect(doc).toEqual({
      list: [1, null, null, 4, null, { x: 'y' }],
      s: 'text',
      n: null,
      a: { b: { c: 1 } },
    });
    expect(() => setAt(doc, ['s', 'x'], 1, 's.x')).toThrow(/cannot create field 'x'/);
    expect(() => setAt(doc, ['n', 'x'], 1, 'n.x')).toThrow(InvalidOperationError);
    expect(() => setAt(doc, ['list', 'x'], 1, 'list.x')).toThrow(/numeric index/);
    expect(() => setAt(doc, ['list', '99999999'], 1, 'list.99999999')).toThrow(/pad/);
  });

  it('getAt follows one branch; unsetAt deletes fields and nulls array slots', () => {
    const doc: JsonObject = { a: { b: [10, 20] }, c: 1 };
    expect(getAt(doc, ['a', 'b', '1'])).toBe(20);
    expect(getAt(doc, ['a', 'b', 'x'])).toBeUndefined();
    expect(getAt(doc, ['c', 'd'])).toBeUndefined();
    unsetAt(doc, ['a', 'b', '0']);
    unsetAt(doc, ['c']);
    unsetAt(doc, ['missing', 'deep']);
    expect(doc).toEqual({ a: { b: [null, 20] } });
  });

  it('pathsConflict detects equal and prefix paths only', () => {
    expect(pathsConflict('a', 'a')).toBe(true);
    expect(pathsConflict('a', 'a.b')).toBe(true);
    expect(pathsConflict('a.b', 'a')).toBe(true);
    expect(pathsConflict('a', 'ab')).toBe(false);
    expect(pathsConflict('a.b', 'a.c')).toBe(false);
  });
});
