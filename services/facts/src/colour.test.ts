import { describe, expect, it } from 'vitest';
import { canonicalColor, isHexColor, normalizeHexColor, rgbToHex } from './colour.js';

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
});
