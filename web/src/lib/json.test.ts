import { describe, expect, it } from 'vitest';
import { isRecord, parseCanvasRecord, payload, readInt, readString, readTime } from './json.js';

describe('isRecord', () => {
  it('accepts JSON objects only', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord({ data: [] })).toBe(true);
    for (const other of [null, undefined, [], [{}], 'x', 0, true]) expect(isRecord(other)).toBe(false);
  });
});

describe('payload', () => {
  it('merges the data object over the body, data winning', () => {
    expect(payload({ success: true, lock: 1, data: { lock: 2, valid: true } })).toEqual({
      success: true,
      lock: 2,
      valid: true,
      data: { lock: 2, valid: true },
    });
  });

  it('is the body without a data object, {} for anything that is not an object', () => {
    expect(payload({ success: true, data: [1], valid: true })).toEqual({
      success: true,
      data: [1],
      valid: true,
    });
    expect(payload({ valid: true, data: null })).toEqual({ valid: true, data: null });
    for (const other of [null, undefined, [], 'x', 3]) expect(payload(other)).toEqual({});
  });
});

describe('readString', () => {
  it('takes text with more than whitespace as it is, and finite numbers as decimal text', () => {
    expect(readString('ada')).toBe('ada');
    expect(readString(' a ')).toBe(' a ');
    expect(readString(42)).toBe('42');
    expect(readString(1.5)).toBe('1.5');
  });

  it('is null for blank text and for anything else', () => {
    for (const other of ['', '  \t', null, undefined, Number.NaN, Infinity, true, {}, ['a']])
      expect(readString(other), String(other)).toBeNull();
  });
});

describe('readInt', () => {
  it('takes safe integers as numbers or as decimal digits', () => {
    expect(readInt(7)).toBe(7);
    expect(readInt(-3)).toBe(-3);
    expect(readInt('12')).toBe(12);
    expect(readInt(' 12 ')).toBe(12);
    expect(readInt('-4')).toBe(-4);
    expect(readInt('007')).toBe(7);
  });

  it('is null for fractions, other notations, empty text and non-numbers', () => {
    for (const other of [
      1.5,
      '1.5',
      '1e3',
      '0x10',
      '',
      ' ',
      '12a',
      null,
      undefined,
      true,
      Number.NaN,
      [1],
      {},
    ])
      expect(readInt(other), JSON.stringify(other)).toBeNull();
    expect(readInt(2 ** 53)).toBeNull();
    expect(readInt('9007199254740993')).toBeNull();
  });
});

describe('readTime', () => {
  const at = Date.parse('2030-01-02T03:04:05.000Z');

  it('reads ISO text and epoch milliseconds', () => {
    expect(readTime('2030-01-02T03:04:05.000Z')).toBe(at);
    expect(readTime(at)).toBe(at);
    expect(readTime(String(at))).toBe(at);
  });

  it('reads epoch seconds (under 1e11) as milliseconds, rounded to whole milliseconds', () => {
    expect(readTime(at / 1000)).toBe(at);
    expect(readTime(`${at / 1000}`)).toBe(at);
    expect(readTime('12.5')).toBe(12_500);
    expect(readTime(12.0004)).toBe(12_000);
    expect(readTime(at + 0.4)).toBe(at);
  });

  it('is null for anything else', () => {
    for (const other of ['', ' ', 'not a date', 0, -5, Number.NaN, Infinity, null, undefined, true, {}])
      expect(readTime(other), String(other)).toBeNull();
  });
});

describe('parseCanvasRecord', () => {
  it('needs an object with an integer canvas index of 0 or more', () => {
    expect(parseCanvasRecord('{"canvasIndex": 3, "name": "x"}')).toEqual({ canvasIndex: 3, name: 'x' });
    expect(parseCanvasRecord('{"canvasIndex": "3"}')).toEqual({ canvasIndex: 3 });
    for (const text of [
      '{',
      '[]',
      '{"canvasIndex": -1}',
      '{"canvasIndex": 1.5}',
      '{"canvasIndex": null}',
      '{}',
    ])
      expect(parseCanvasRecord(text), text).toBeNull();
  });
});
