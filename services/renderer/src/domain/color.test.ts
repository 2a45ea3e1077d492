import { describe, expect, it } from 'vitest';
import { rgbToHex } from '@tessera/facts/colour';
import { compositeColor, hexToRgb, WHITE } from './color.js';

describe('colours', () => {
  it('reads wire colours as RGB bytes, and nothing else', () => {
    expect(hexToRgb('#188118')).toEqual([0x18, 0x81, 0x18]);
    expect(rgbToHex(hexToRgb('#d4e4bc'))).toBe('#D4E4BC');
    // the wire form only: no short form, no missing '#', no spaces
    for (const bad of ['#fff', 'D4E4BC', ' #D4E4BC', '#D4E4BG'])
      expect(() => hexToRgb(bad), bad).toThrow(RangeError);
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
