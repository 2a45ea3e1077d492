import { describe, expect, it } from 'vitest';
import { compositeColor, hexToRgb, rgbToHex, WHITE } from './color.js';

describe('colours', () => {
  it('converts hex and RGB both ways', () => {
    expect(hexToRgb('#188118')).toEqual([0x18, 0x81, 0x18]);
    expect(rgbToHex([0x4c, 0x06, 0x1d])).toBe('#4C061D');
    expect(rgbToHex(hexToRgb('#d4e4bc'))).toBe('#D4E4BC');
    expect(() => hexToRgb('#fff')).toThrow(RangeError);
  });

  it('composes live and preview views', () => {
    const artist = hexToRgb('#36558F');
    const bought = hexToRgb('#D17A22');
    expect(compositeColor('live', false, WHITE, artist)).toEqual(WHITE);
    expect(compositeColor('preview', false, WHITE, artist)).toEqual(artist);
    expect(compositeColor('live', true, bought, artist)).toEqual(bought);
    expect(compositeColor('preview', true, bought, artist)).toEqual(bought);
  });
});
