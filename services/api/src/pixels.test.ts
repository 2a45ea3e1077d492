import { describe, expect, it } from 'vitest';
import { BoardPixelsResponse, OwnPixelsResponse, PixelInfoResponse } from './pixels.js';

describe('the pixel bodies', () => {
  it("accepts a board's pixels and refuses a colour that is not #RRGGBB", () => {
    const pixel = { x: 0, y: 0, current_color: '#FFFFFF', default_color: '#CC00AA', user_id: null };
    expect(BoardPixelsResponse.parse({ success: true, data: [pixel] }).data).toEqual([pixel]);
    const bad = { ...pixel, current_color: 'white' };
    expect(BoardPixelsResponse.safeParse({ success: true, data: [bad] }).success).toBe(false);
  });

  it('accepts pixel info of an unsold pixel and own pixels as [x, y] pairs', () => {
    const info = {
      x: 52,
      y: 53,
      board_index: 26,
      color: '#FFFFFF',
      default_color: '#123ABC',
      sold: false,
      buyer: null,
      sold_at: null,
      kind: null,
      kind_recorded: false,
      reset: false,
    };
    expect(PixelInfoResponse.parse({ success: true, data: info }).data).toEqual(info);
    expect(PixelInfoResponse.safeParse({ success: true, data: { ...info, kind: 'gift' } }).success).toBe(
      false,
    );
    expect(OwnPixelsResponse.parse({ success: true, data: { pixels: [[1, 2]] } }).data.pixels).toEqual([
      [1, 2],
    ]);
    expect(OwnPixelsResponse.safeParse({ success: true, data: { pixels: [[1]] } }).success).toBe(false);
  });
});
