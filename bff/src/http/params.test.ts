import { describe, expect, it } from 'vitest';
import { HttpError } from '../middleware/errors.js';
// in the order of the file: the body, text, integers, path and query values, pixel lists
import { bodyOf, isAbsent, readOptional, readObject, readList, onlyKeys, readText } from './params.js';
import { readInt, readCoordinate } from './params.js';
import { single, queryInt, parseBool, parseCanvasIndex, parseBoardIndex, readPixels } from './params.js';

/** The refusal a reader throws: its code, message and field (status follows the code). */
function refusal(read: () => unknown): { code: string; message: string; field: string | null } {
  try {
    read();
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    expect(err.status).toBe(400);
    return { code: err.code, message: err.message, field: err.field };
  }
  throw new Error('the reader accepted the value');
}

const invalid = (message: string, field: string) => ({ code: 'VALIDATION_ERROR', message, field });

describe('optional fields', () => {
  const minutes = (v: unknown) => readInt(v, 'duration', { min: 1, max: 30 });

  it('take the fallback when absent or null, and nothing else', () => {
    expect(isAbsent(undefined)).toBe(true);
    expect(isAbsent(null)).toBe(true);
    for (const given of [0, '', false, [], {}]) expect(isAbsent(given), JSON.stringify(given)).toBe(false);
    expect(readOptional(undefined, minutes, 0)).toBe(0);
    expect(readOptional(null, minutes, 0)).toBe(0);
    expect(readOptional(7, minutes, 0)).toBe(7);
  });

  it('read a given value strictly: a bad one is refused, never replaced by the fallback', () => {
    for (const bad of [0, '', false, 31, '5'])
      expect(refusal(() => readOptional(bad, minutes, 0))).toEqual(
        invalid('duration must be an integer from 1 to 30', 'duration'),
      );
  });
});

describe('the body', () => {
  it('is an object; no body counts as {}', () => {
    expect(bodyOf({ request: { body: { a: 1 } } } as never)).toEqual({ a: 1 });
    expect(bodyOf({ request: { body: undefined } } as never)).toEqual({});
    expect(bodyOf({ request: { body: null } } as never)).toEqual({});
  });

  it('refuses JSON of another shape as a bad request, like JSON that does not parse', () => {
    for (const body of [[{ a: 1 }], 'text', 42, true])
      expect(refusal(() => bodyOf({ request: { body } } as never))).toEqual({
        code: 'BAD_REQUEST',
        message: 'Request body must be a JSON object',
        field: null,
      });
  });

  it('reads objects and lists of 1 to max items', () => {
    expect(readObject({ a: 1 }, 'meta')).toEqual({ a: 1 });
    for (const bad of [null, [], 'x', 3])
      expect(refusal(() => readObject(bad, 'meta'))).toEqual(invalid('meta must be an object', 'meta'));
    expect(readList([1, 2], 'pixels', 2)).toEqual([1, 2]);
    expect(refusal(() => readList('x', 'pixels', 2))).toEqual(invalid('pixels must be a list', 'pixels'));
    expect(refusal(() => readList([], 'pixels', 2))).toEqual(invalid('pixels must not be empty', 'pixels'));
    expect(refusal(() => readList([1, 2, 3], 'pixels', 2))).toEqual(
      invalid('pixels holds at most 2 items', 'pixels'),
    );
  });

  it('refuses keys a route does not know', () => {
    expect(() => onlyKeys({ a: 1, b: 2 }, ['a', 'b', 'c'])).not.toThrow();
    expect(refusal(() => onlyKeys({ a: 1, purchase_price: 1 }, ['a']))).toEqual(
      invalid('"purchase_price" is not allowed', 'purchase_price'),
    );
  });
});

describe('readText', () => {
  it('reads an optional field as given, absent as ""', () => {
    expect(readText('  a b ', 'title', { max: 10 })).toBe('  a b ');
    for (const absent of [undefined, null, '']) expect(readText(absent, 'title', { max: 10 })).toBe('');
  });

  it('refuses another type and a value over max', () => {
    expect(refusal(() => readText(5, 'title', { max: 10 }))).toEqual(
      invalid('title must be a string', 'title'),
    );
    expect(refusal(() => readText('x'.repeat(11), 'title', { max: 10 }))).toEqual(
      invalid('title must be at most 10 characters', 'title'),
    );
  });

  it('needs a required value, with MISSING_FIELD', () => {
    for (const absent of [undefined, null, ''])
      expect(refusal(() => readText(absent, 'cvc', { max: 4, required: true }))).toEqual({
        code: 'MISSING_FIELD',
        message: 'cvc is required',
        field: 'cvc',
      });
  });

  it('trims when asked: whitespace only is missing, the limit counts after trimming', () => {
    const rule = { max: 3, required: true, trim: true, label: 'Email' };
    expect(readText('  abc  ', 'email', rule)).toBe('abc');
    expect(refusal(() => readText('   ', 'email', rule))).toEqual({
      code: 'MISSING_FIELD',
      message: 'Email is required',
      field: 'email',
    });
  });

  it("refuses control characters in one-line values, and uses the rule's label and codes", () => {
    expect(readText('a\nb', 'description', { max: 10 })).toBe('a\nb');
    for (const bad of ['a\u0000', 'a\nb', '\u001b[2J', 'x\u007f'])
      expect(refusal(() => readText(bad, 'line1', { max: 10, oneLine: true }))).toEqual(
        invalid('line1 must not contain control characters', 'line1'),
      );
    const rule = { max: 5, label: 'Password', invalid: 'INVALID_PASSWORD', missing: 'BAD_REQUEST' } as const;
    expect(refusal(() => readText(['x'], 'password', rule))).toEqual({
      code: 'INVALID_PASSWORD',
      message: 'Password must be a string',
      field: 'password',
    });
    expect(refusal(() => readText(null, 'password', { ...rule, required: true })).code).toBe('BAD_REQUEST');
  });
});

describe('readInt', () => {
  const range = { min: 1, max: 30 };

  it('takes a JSON number in range', () => {
    expect(readInt(1, 'duration', range)).toBe(1);
    expect(readInt(30, 'duration', range)).toBe(30);
  });

  it('refuses anything else with one message', () => {
    for (const bad of [0, 31, 1.5, -1, '5', null, true, [5], 1e308, Number.NaN])
      expect(refusal(() => readInt(bad, 'duration', range))).toEqual(
        invalid('duration must be an integer from 1 to 30', 'duration'),
      );
  });

  it('takes decimal digits only when asked, never a sign, a point, an exponent or a huge text', () => {
    const digits = { min: 0, max: Number.MAX_SAFE_INTEGER, digits: true };
    expect(readInt('12', 'n', digits)).toBe(12);
    expect(readInt('007', 'n', digits)).toBe(7);
    expect(readInt(12, 'n', digits)).toBe(12);
    for (const bad of ['', ' 1', '-1', '+1', '1.0', '1e2', '0x10', '99999999999999999', '9'.repeat(5000)])
      expect(refusal(() => readInt(bad, 'n', digits)).message, bad).toMatch(/^n must be an integer from 0/);
    expect(() => readInt('12', 'n', { min: 0, max: 99 })).toThrow(HttpError);
  });

  it('reads coordinates 0 to 48', () => {
    expect(readCoordinate(48, 'x')).toBe(48);
    expect(refusal(() => readCoordinate(49, 'x'))).toEqual(invalid('x must be an integer from 0 to 48', 'x'));
  });
});

describe('path and query values', () => {
  it('takes a query value once', () => {
    expect(single(undefined, 'page')).toBeUndefined();
    expect(single('2', 'page')).toBe('2');
    expect(refusal(() => single(['1', '2'], 'page'))).toEqual(invalid('page must be given once', 'page'));
  });

  it('reads optional integers and booleans with their fallback', () => {
    const rule = { min: 1, max: 50 };
    expect(queryInt(undefined, 'limit', rule, 10)).toBe(10);
    expect(queryInt('', 'limit', rule, 10)).toBe(10);
    expect(queryInt('50', 'limit', rule, 10)).toBe(50);
    for (const bad of ['0', '51', 'x', '-1', '1.5', ['1', '2']])
      expect(() => queryInt(bad, 'limit', rule, 10), String(bad)).toThrow(HttpError);
    expect(parseBool(undefined, 'explicit', false)).toBe(false);
    expect([parseBool('true', 'e', false), parseBool('1', 'e', false)]).toEqual([true, true]);
    expect([parseBool('false', 'e', true), parseBool('0', 'e', true)]).toEqual([false, false]);
    expect(refusal(() => parseBool('maybe', 'explicit', false))).toEqual(
      invalid('explicit must be true or false', 'explicit'),
    );
  });

  it('reads canvas indexes up to 2^31 - 1 and board indexes up to 624', () => {
    expect(parseCanvasIndex('2147483647')).toBe(2147483647);
    expect(refusal(() => parseCanvasIndex('2147483648'))).toEqual(
      invalid('canvasIndex must be an integer from 0 to 2147483647', 'canvasIndex'),
    );
    expect(refusal(() => parseCanvasIndex('-1', 'canvas_index')).field).toBe('canvas_index');
    expect(parseBoardIndex('624')).toBe(624);
    for (const bad of ['625', '4294967296', 'x', '', undefined, '1e2'])
      expect(refusal(() => parseBoardIndex(bad))).toEqual(
        invalid('boardIndex must be an integer from 0 to 624', 'boardIndex'),
      );
  });
});

describe('readPixels', () => {
  it("reads the artist's colour: no colour read, isDefault true", () => {
    expect(readPixels({ pixels: [{ x: 0, y: 1, color: 'anything' }] }, { color: 'artist' })).toEqual([
      { x: 0, y: 1, color: '', isDefault: true },
    ]);
  });

  it('reads custom colours in the wire form, sent on in upper case', () => {
    expect(readPixels({ pixels: [{ x: 2, y: 3, color: '#a1b2c3' }] }, { color: 'custom' })).toEqual([
      { x: 2, y: 3, color: '#A1B2C3', isDefault: false },
    ]);
    for (const color of ['#abc', 'red', '#12345G', 'a1b2c3', '#A1B2C3 ', 5])
      expect(refusal(() => readPixels({ pixels: [{ x: 0, y: 0, color }] }, { color: 'custom' }))).toEqual(
        invalid('pixels[0].color must be a colour like #RRGGBB', 'pixels[0].color'),
      );
    expect(refusal(() => readPixels({ pixels: [{ x: 0, y: 0 }] }, { color: 'custom' }))).toEqual({
      code: 'MISSING_FIELD',
      message: 'pixels[0].color is required',
      field: 'pixels[0].color',
    });
  });

  it('reads an order: isDefault decides, a colour is needed otherwise', () => {
    const body = {
      pixels: [
        { x: 0, y: 0, isDefault: true },
        { x: 1, y: 0, color: '#000000' },
        { x: 2, y: 0, isDefault: false, color: '#ffffff' },
      ],
    };
    expect(readPixels(body, { color: 'either' })).toEqual([
      { x: 0, y: 0, color: '', isDefault: true },
      { x: 1, y: 0, color: '#000000', isDefault: false },
      { x: 2, y: 0, color: '#FFFFFF', isDefault: false },
    ]);
    expect(
      refusal(() => readPixels({ pixels: [{ x: 0, y: 0, isDefault: 'yes' }] }, { color: 'either' })),
    ).toEqual(invalid('pixels[0].isDefault must be true or false', 'pixels[0].isDefault'));
  });

  it('refuses a pixel off the board, a pixel listed twice and more than a board', () => {
    expect(refusal(() => readPixels({ pixels: [{ x: 49, y: 0 }] }, { color: 'artist' }))).toEqual(
      invalid('pixels[0].x must be an integer from 0 to 48', 'pixels[0].x'),
    );
    const twice = {
      pixels: [
        { x: 3, y: 4 },
        { x: 3, y: 4 },
      ],
    };
    expect(refusal(() => readPixels(twice, { color: 'artist' }))).toEqual(
      invalid('Pixel (3, 4) is listed twice', 'pixels'),
    );
    const all = Array.from({ length: 2401 }, (_, i) => ({ x: i % 49, y: Math.floor(i / 49) }));
    expect(readPixels({ pixels: all }, { color: 'artist' })).toHaveLength(2401);
    expect(refusal(() => readPixels({ pixels: [...all, { x: 0, y: 0 }] }, { color: 'artist' }))).toEqual(
      invalid('pixels holds at most 2401 items', 'pixels'),
    );
    for (const pixels of [undefined, [], 'x', [null]])
      expect(() => readPixels({ pixels }, { color: 'artist' })).toThrow(HttpError);
  });
});
