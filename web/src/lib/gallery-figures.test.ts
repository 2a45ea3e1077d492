import { describe, expect, it } from 'vitest';
import { dollarAmount, dollarWord, GALLERY_FIGURES, inDollars } from './gallery-figures.js';

describe('the gallery figures in words', () => {
  it('reads as the spec words the grid, the value of a canvas and the service fee', () => {
    expect(GALLERY_FIGURES).toEqual({
      boards: '625',
      boardGrid: '49 by 49',
      canvasPixels: '1,500,625',
      canvasValue: '1.5 to 3 million dollars',
      serviceFeePercent: '3%',
      serviceFee: '3% plus 0.30 dollar',
    });
  });

  it('writes amounts as the prose does: singular up to one dollar', () => {
    expect(dollarAmount(100)).toBe('1.00');
    expect(dollarAmount(123_456)).toBe('1,234.56');
    expect([30, 100, 101, 200].map(dollarWord)).toEqual(['dollar', 'dollar', 'dollars', 'dollars']);
    expect(inDollars(100)).toBe('1.00 dollar');
    expect(inDollars(200)).toBe('2.00 dollars');
    expect(inDollars(30, 'US dollar')).toBe('0.30 US dollar');
    expect(inDollars(200, 'US dollar')).toBe('2.00 US dollars');
  });
});
