import { describe, expect, it } from 'vitest';
import { readServerPixel } from './server-pixel.js';

describe('readServerPixel', () => {
  it('reads the coordinates and both colours in their stored upper case', () => {
    expect(readServerPixel({ x: 3, y: '48', current_color: '#a1b2c3', default_color: '#00FF00' })).toEqual({
      x: 3,
      y: 48,
      currentColor: '#A1B2C3',
      defaultColor: '#00FF00',
    });
  });

  it('fills a missing current colour with white and a missing default colour with #CCCCCC (spec section 3)', () => {
    expect(readServerPixel({ x: 0, y: 0, default_color: '#123456' })).toMatchObject({
      currentColor: '#FFFFFF',
      defaultColor: '#123456',
    });
    expect(readServerPixel({ x: 0, y: 0, current_color: 'red', default_color: null })).toMatchObject({
      currentColor: '#FFFFFF',
      defaultColor: '#CCCCCC',
    });
  });

  it('names no pixel without whole coordinates from 0 to 48', () => {
    for (const bad of [{}, { x: 0 }, { x: 49, y: 0 }, { x: 0, y: -1 }, { x: 1.5, y: 0 }, { x: 'a', y: 0 }])
      expect(readServerPixel(bad), JSON.stringify(bad)).toBeNull();
  });
});
