import { describe, expect, it } from 'vitest';
import { BoundedMap, touch } from './bounded-map.js';

describe('BoundedMap', () => {
  it('forgets the entry set longest ago when a new key comes in full', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2).set('c', 3);
    expect([...m.keys()]).toEqual(['b', 'c']);
  });

  it('keeps every entry when an existing key is set again', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2).set('a', 10);
    expect([...m.entries()]).toEqual([
      ['a', 10],
      ['b', 2],
    ]);
  });

  it('a key deleted and set again counts as the newest', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2);
    m.delete('a');
    m.set('a', 1).set('c', 3);
    expect([...m.keys()]).toEqual(['a', 'c']);
  });

  it('touch reads a value and makes it the newest, so the least recently used goes first', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1).set('b', 2);
    expect(touch(m, 'a')).toBe(1);
    m.set('c', 3);
    expect([...m.entries()]).toEqual([
      ['a', 1],
      ['c', 3],
    ]);
  });

  it('touch of an absent key changes nothing, and keeps an undefined value', () => {
    const m = new BoundedMap<string, number | undefined>(2);
    m.set('a', undefined).set('b', 2);
    expect(touch(m, 'x')).toBeUndefined();
    expect([...m.keys()]).toEqual(['a', 'b']);
    expect(touch(m, 'a')).toBeUndefined();
    expect([...m.keys()]).toEqual(['b', 'a']);
  });

  it('refuses a limit that is not a positive integer', () => {
    expect(() => new BoundedMap(0)).toThrow(RangeError);
    expect(() => new BoundedMap(1.5)).toThrow(RangeError);
  });
});
