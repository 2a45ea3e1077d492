import { describe, expect, it } from 'vitest';
import { readOrderPixels } from './orders.js';
import { MAX_PIXELS_PER_ORDER } from './pricing.js';

const problem = (pixels: Parameters<typeof readOrderPixels>[0]) => {
  const read = readOrderPixels(pixels);
  return read.ok ? null : read.problem;
};

describe("an order's pixels", () => {
  it('reads them with their offsets and stored colours', () => {
    expect(
      readOrderPixels([
        { x: 0, y: 0, isDefault: true, color: '#123456' },
        { x: 48, y: 1, color: '#a1b2c3', isDefault: false },
      ]),
    ).toEqual({
      ok: true,
      problem: null,
      pixels: [
        { x: 0, y: 0, offset: 0, color: '', isDefault: true },
        { x: 48, y: 1, offset: 97, color: '#A1B2C3', isDefault: false },
      ],
    });
  });

  it('takes 1 to MAX_PIXELS_PER_ORDER pixels', () => {
    expect(problem([])).toEqual({ field: 'pixels', message: 'Select at least one pixel to buy' });
    const all = Array.from({ length: MAX_PIXELS_PER_ORDER }, (_, i) => ({
      x: i % 49,
      y: Math.floor(i / 49),
      isDefault: true,
    }));
    expect(problem(all)).toBeNull();
    expect(problem([...all, { x: 0, y: 0, isDefault: true }])).toEqual({
      field: 'pixels',
      message: 'An order holds at most 2401 pixels',
    });
  });

  it('refuses a pixel outside the board, one listed twice and a colour not in the wire form', () => {
    expect(problem([{ x: 49, y: 0, isDefault: true }])?.message).toBe(
      'Pixel (49, 0) is outside the board (x and y are 0 to 48)',
    );
    expect(problem([{ x: 1, y: -1, isDefault: true }])?.field).toBe('pixels');
    expect(
      problem([
        { x: 1, y: 1, isDefault: true },
        { x: 1, y: 1, color: '#000000', isDefault: false },
      ]),
    ).toEqual({ field: 'pixels', message: 'Pixel (1, 1) is listed twice' });
    for (const color of ['#abc', 'AABBCC', 'red', '', undefined])
      expect(problem([{ x: 2, y: 3, color, isDefault: false }]), String(color)).toEqual({
        field: 'pixels',
        message: 'Pixel (2, 3) needs a colour like #RRGGBB',
      });
  });
});
