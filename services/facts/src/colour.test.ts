import { describe, expect, it } from 'vitest';
import { canonicalColor, hexAt, hexToRgb, isHexColor, normalizeHexColor, rgbToHex } from './colour.js';

describe('colours', () => {
  it.each([
    ['#AABBCC', true],
    ['#a1b2c3', true],
    ['#ABC', false],
    ['AABBCC', false],
    ['#AABBCCDD', false],
    ['#GGGGGG', false],
    [' #AABBCC', false],
    ['', false],
    [7, false],
    [null, false],
  ])('the wire form: isHexColor(%j) is %s', (value, ok) => {
    expect(isHexColor(value)).toBe(ok);
  });

  it('stores and sends upper case', () => {
    expect(canonicalColor('#a1b2c3')).toBe('#A1B2C3');
    expect(canonicalColor('#abc')).toBeUndefined();
    expect(canonicalColor(undefined)).toBeUndefined();
  });

  it.each([
    ['#abc', '#AABBCC'],
    ['abc', '#AABBCC'],
    ['aabbcc', '#AABBCC'],
    [' #188118 ', '#188118'],
    ['#12345', undefined],
    ['#ggg', undefined],
    ['', undefined],
  ])('what a person types: normalizeHexColor(%j) is %j', (typed, colour) => {
    expect(normalizeHexColor(typed)).toBe(colour);
  });

  it('writes RGB bytes as a stored colour', () => {
    expect(rgbToHex([0x4c, 0x06, 0x1d])).toBe('#4C061D');
    expect(rgbToHex([0, 0, 0])).toBe('#000000');
    expect(rgbToHex([255, 255, 255])).toBe('#FFFFFF');
  });

  it('reads a pixel of packed RGB bytes in the stored form', () => {
    const rgb = Uint8Array.from([0x4c, 0x06, 0x1d, 0xff, 0xff, 0xff]);
    expect(hexAt(rgb, 0)).toBe('#4C061D');
    expect(hexAt(rgb, 1)).toBe('#FFFFFF');
    expect(hexAt(rgb, 2)).toBeUndefined();
    expect(hexAt(rgb.subarray(0, 5), 1)).toBeUndefined();
    expect(hexAt(rgb, -1)).toBeUndefined();
  });

  it('reads a wire colour as its bytes, and refuses anything else', () => {
    expect(hexToRgb('#188118')).toEqual([0x18, 0x81, 0x18]);
    expect(rgbToHex(hexToRgb('#d4e4bc'))).toBe('#D4E4BC');
    for (const bad of ['#abc', '188118', '#18811', '#GG8118', ''])
      expect(() => hexToRgb(bad), bad).toThrow(RangeError);
  });
});
