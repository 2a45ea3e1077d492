// ResetPixel as one step of the board's group commit: resets of one board racing with its sales
// neither fail nor lose a write.
import { beforeAll, describe, expect, it } from 'vitest';
import { pixelOffset } from '@tessera/facts/grid';
import { forSuite } from '@tessera/kit/testing';
import { startHarness, testArt, testArtHex } from '../test/harness.js';

const h = forSuite(() => startHarness());
let c: number;
const BOARD = 40;
/** Pixels of the board sold to the troll before the race, each reset during it. */
const TROLLED = Array.from({ length: 120 }, (_, i) => ({ x: i % 49, y: Math.floor(i / 49) }));
/** Buyers whose sales race the resets, one pixel each on row 30. */
const BUYERS = Array.from({ length: 30 }, (_, i) => ({ userId: `buyer-${i}`, x: i, y: 30 }));

beforeAll(async () => {
  const made = await h.core.createCanvas({
    name: 'Raced',
    description: '',
    colorsOf: testArt,
    activate: false,
  });
  c = made.canvasIndex;
  await h.client.commitOrder({
    orderId: 'trolling',
    canvasIndex: c,
    boardIndex: BOARD,
    userId: 'troll',
    pixels: TROLLED.map(({ x, y }) => ({ x, y, color: '#FF0000' })),
  });
}, 60_000);

describe('moderation resets in the board queue', () => {
  it('a burst of resets racing sales of the same board: every call succeeds and every write is kept', async () => {
    const resets = TROLLED.map(({ x, y }) =>
      h.client.resetPixel({
        canvasIndex: c,
        boardIndex: BOARD,
        x,
        y,
        reason: 'hateful message',
        operator: 'maria',
      }),
    );
    const sales = BUYERS.map(({ userId, x, y }) =>
      h.client.commitOrder({
        orderId: `sale-${userId}`,
        canvasIndex: c,
        boardIndex: BOARD,
        userId,
        pixels: [{ x, y, color: '#00AA00' }],
      }),
    );
    const [reset, sold] = await Promise.all([Promise.all(resets), Promise.all(sales)]);
    expect(reset.every((r) => r.reset)).toBe(true);
    expect(sold.map((s) => s.pixelCount)).toEqual(BUYERS.map(() => 1));
    const stored = (await h.core.deps.boards.get(c, BOARD))!;
    const colourAt = (x: number, y: number) =>
      stored.currentColors.slice(pixelOffset(x, y) * 6, pixelOffset(x, y) * 6 + 6);
    for (const { x, y } of TROLLED) {
      expect(colourAt(x, y), `reset (${x}, ${y})`).toBe(testArtHex(BOARD, x, y));
      expect(stored.owners[pixelOffset(x, y)]).toBe('troll');
    }
    for (const { userId, x, y } of BUYERS) {
      expect(colourAt(x, y), `sold (${x}, ${y})`).toBe('00AA00');
      expect(stored.owners[pixelOffset(x, y)]).toBe(userId);
    }
    expect(stored.resets).toHaveLength(TROLLED.length);
    expect(stored.soldCount).toBe(TROLLED.length + BUYERS.length);
    console.log(`board writer: ${JSON.stringify(h.core.purchases.writer.stats)}`);
  }, 60_000);
});
