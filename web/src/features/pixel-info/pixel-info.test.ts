import { describe, expect, it } from 'vitest';
import { canvasOffset, toOwnPixels, toPixelInfo } from './pixel-info-api.js';
import { ANONYMOUS, buyerName, kindText, pixelLink, soldWhen } from './pixel-info-text.js';

const SOLD = {
  success: true,
  data: {
    x: 52,
    y: 53,
    board_index: 26,
    color: '#123ABC',
    default_color: '#00AA00',
    sold: true,
    buyer: { username: 'ada', anonymous: false },
    sold_at: '2026-11-29T08:00:00.000Z',
    kind: 'custom',
    kind_recorded: true,
    reset: false,
  },
};

describe('pixel info answers', () => {
  it('reads a sold pixel', () => {
    expect(toPixelInfo(SOLD)).toEqual({
      x: 52,
      y: 53,
      boardIndex: 26,
      color: '#123ABC',
      sold: true,
      buyer: { username: 'ada', anonymous: false },
      soldAt: Date.parse('2026-11-29T08:00:00.000Z'),
      kind: 'custom',
      kindRecorded: true,
      reset: false,
    });
  });

  it('reads an unsold pixel with no buyer, time or kind, and refuses what is not a pixel', () => {
    const free = toPixelInfo({ data: { ...SOLD.data, sold: false, buyer: null, sold_at: null, kind: null } });
    expect(free).toMatchObject({ sold: false, buyer: null, soldAt: null, kind: null });
    expect(toPixelInfo({ success: true, data: { x: 1 } })).toBeNull();
    expect(toPixelInfo('nope')).toBeNull();
  });

  it('reads own pixels as canvas offsets, skipping bad entries', () => {
    const own = toOwnPixels({
      data: {
        pixels: [
          [50, 51],
          [1225, 0],
          ['x', 1],
          [0, 0],
        ],
      },
    });
    expect([...own].sort((a, b) => a - b)).toEqual([0, canvasOffset(50, 51)]);
    expect(toOwnPixels({ data: {} }).size).toBe(0);
  });
});

describe('pixel info texts', () => {
  it('names the buyer by username, or Anonymous', () => {
    expect(buyerName({ buyer: { username: 'ada', anonymous: false } })).toBe('ada');
    expect(buyerName({ buyer: { username: null, anonymous: true } })).toBe(ANONYMOUS);
    expect(buyerName({ buyer: null })).toBeNull();
  });

  it('says which kind of colour, and a moderation reset', () => {
    expect(kindText({ kind: 'artist', kindRecorded: true, reset: false })).toBe("In the artist's colour");
    expect(kindText({ kind: 'custom', kindRecorded: false, reset: false })).toBe('In a custom colour');
    expect(kindText({ kind: 'custom', kindRecorded: true, reset: true })).toMatch(/reset/);
    expect(kindText({ kind: null, kindRecorded: false, reset: false })).toBeNull();
  });

  it('gives the time relative and absolute, and the deep link', () => {
    const at = Date.UTC(2026, 10, 29, 8, 0);
    const when = soldWhen(at, at + 3 * 60_000, 'en-GB');
    expect(when.relative).toBe('3 minutes ago');
    expect(when.absolute).toMatch(/29 Nov 2026/);
    expect(pixelLink('https://tessera.example', { x: 52, y: 53 })).toBe(
      'https://tessera.example/canvas?x=52&y=53',
    );
  });
});
