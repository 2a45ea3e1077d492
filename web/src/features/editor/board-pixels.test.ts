// Board pixel mapping.
import { describe, expect, it } from 'vitest';
import { pixelAt, toPixelMap } from './board-pixels.js';

describe('toPixelMap', () => {
  it('keys pixels by "x-y" with colours and owner', () => {
    const map = toPixelMap({
      success: true,
      data: [
        { x: 1, y: 2, current_color: '#ff0000', default_color: '#00ff00', user_id: 'u9' },
        { x: 3, y: 4, current_color: '#123456', default_color: '#654321', user_id: null },
      ],
    });
    expect(map.get('1-2')).toEqual({ currentColor: '#FF0000', defaultColor: '#00FF00', userId: 'u9' });
    expect(map.get('3-4')).toEqual({ currentColor: '#123456', defaultColor: '#654321', userId: null });
  });

  it('falls back to #CCCCCC without a default colour and to white without a current one (spec section 3)', () => {
    const map = toPixelMap({
      data: [
        { x: 0, y: 0 },
        { x: 1, y: 0, default_color: '#abcdef' },
        // the servers send '#RRGGBB' only: a short form is no colour, never half of one
        { x: 2, y: 0, default_color: '#abc', current_color: '#123' },
      ],
    });
    expect(map.get('0-0')).toEqual({ currentColor: '#FFFFFF', defaultColor: '#CCCCCC', userId: null });
    expect(map.get('1-0')).toEqual({ currentColor: '#FFFFFF', defaultColor: '#ABCDEF', userId: null });
    expect(map.get('2-0')).toEqual({ currentColor: '#FFFFFF', defaultColor: '#CCCCCC', userId: null });
  });

  it('ignores pixels outside the board and malformed entries', () => {
    const map = toPixelMap({
      data: [{ x: 49, y: 0 }, { x: -1, y: 2 }, null, 'x', { y: 3 }, { x: 1.5, y: 1 }, { x: null, y: '' }],
    });
    expect(map.size).toBe(0);
    expect(toPixelMap('nope').size).toBe(0);
  });

  it('treats a pixel the server did not list as white and unowned', () => {
    expect(pixelAt(new Map(), 5, 5)).toEqual({
      currentColor: '#FFFFFF',
      defaultColor: '#FFFFFF',
      userId: null,
    });
  });
});
