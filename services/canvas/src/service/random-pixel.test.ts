import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSubjects, type Recorder } from '@tessera/kit/testing';
import { reserveOnePixel, sellAllBut, startHarness, testArt, type Harness } from '../test/harness.js';

let h: Harness;
let c: number;
let soldOut: Recorder;
/** The three pixels left unsold: (board, x, y). */
const LEFT = [
  [0, 0, 0],
  [312, 20, 30],
  [624, 48, 48],
] as const;

beforeAll(async () => {
  h = await startHarness();
  c = (
    await h.core.createCanvas({ name: 'almost sold', description: '', colorsOf: testArt, activate: false })
  ).canvasIndex;
  await sellAllBut(h.core, c, LEFT);
  soldOut = await recordSubjects(h.bus, ['tessera.canvas.soldout']);
}, 120_000);
afterAll(() => h.close());

describe('random available pixel', () => {
  it('returns only the unsold pixels, roughly evenly', async () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 1000; i++) {
      const { pixel } = await h.client.getRandomAvailablePixel({ canvasIndex: c });
      const key = `${pixel!.boardIndex}:${pixel!.x}:${pixel!.y}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(LEFT.map(([b, x, y]) => `${b}:${x}:${y}`).sort());
    for (const n of counts.values()) {
      expect(n).toBeGreaterThanOrEqual(250);
      expect(n).toBeLessThanOrEqual(420);
    }
    const { pixel } = await h.client.getRandomAvailablePixel({ canvasIndex: c });
    expect(pixel!.defaultColor).toMatch(/^#[0-9A-F]{6}$/);
    expect(pixel!.currentColor).toBe('#FFFFFF');
  }, 60_000);

  it('skips reserved pixels, then reports the sell-out once', async () => {
    await reserveOnePixel(h.client, 'r0', 'u', [c, 0, 0, 0]);
    for (let i = 0; i < 50; i++) {
      const { pixel } = await h.client.getRandomAvailablePixel({ canvasIndex: c });
      expect(pixel!.boardIndex).not.toBe(0);
    }
    await h.client.commitOrder({ orderId: 'r0', canvasIndex: c, boardIndex: 0 });
    await h.client.commitOrder({
      orderId: 'r1',
      canvasIndex: c,
      boardIndex: 312,
      userId: 'u',
      pixels: [{ x: 20, y: 30, isDefault: true }],
    });
    const last = await h.client.commitOrder({
      orderId: 'r2',
      canvasIndex: c,
      boardIndex: 624,
      userId: 'u',
      pixels: [{ x: 48, y: 48, isDefault: true }],
    });
    expect(last.canvasSoldOut).toBe(true);
    expect((await h.client.getRandomAvailablePixel({ canvasIndex: c })).pixel).toBeUndefined();
    expect((await h.client.getCanvas({ canvasIndex: c })).canvas).toMatchObject({
      soldOut: true,
      soldPixels: 1225 * 1225,
    });
    await soldOut.drained();
    expect(soldOut.messages).toHaveLength(1);
    expect(soldOut.messages[0]!.msgId).toBe(`soldout-${c}`);
  }, 30_000);
});
