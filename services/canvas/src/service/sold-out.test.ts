// The sell-out: `tessera.canvas.soldout` is published exactly once when the final pixels of a canvas
// are committed at the same time, by one replica or by two replicas whose cached summaries are stale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromBinary } from '@bufbuild/protobuf';
import { createClient, createRouterTransport } from '@connectrpc/connect';
import { recordSubjects, type Recorder } from '@tessera/kit/testing';
import { CanvasService as CanvasRpc } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { CanvasSoldOutSchema } from '@tessera/proto/tessera/events/v1/events_pb.js';
import { routes } from '../routes.js';
import { sellAllBut, startHarness, testArt, type Harness } from '../test/harness.js';
import { CanvasService } from './canvas-service.js';

let h: Harness;
let soldOut: Recorder;

/** A canvas service replica on the same store and bus, trusting its cached summary for a minute. */
function replica() {
  const core = new CanvasService({ ...h.core.deps, summaryTtlMs: 60_000 });
  return { core, client: createClient(CanvasRpc, createRouterTransport(routes(core))) };
}

async function almostSoldCanvas(left: readonly (readonly [number, number, number])[]): Promise<number> {
  const { canvasIndex } = await h.core.createCanvas({
    name: 'almost sold',
    description: '',
    colorsOf: testArt,
    activate: false,
  });
  await sellAllBut(h.core, canvasIndex, left);
  return canvasIndex;
}

const soldOutOf = (c: number) =>
  soldOut.messages.filter((m) => fromBinary(CanvasSoldOutSchema, m.data).canvasIndex === c);

beforeAll(async () => {
  h = await startHarness();
  soldOut = await recordSubjects(h.bus, ['tessera.canvas.soldout']);
}, 60_000);
afterAll(() => h.close());

describe('sell-out under concurrent final commits', () => {
  it('publishes tessera.canvas.soldout once when the last four orders commit at once, each twice', async () => {
    const left = [
      [3, 0, 0],
      [150, 10, 10],
      [151, 10, 10],
      [600, 48, 48],
    ] as const;
    const c = await almostSoldCanvas(left);
    const { client } = replica();
    expect((await client.getCanvas({ canvasIndex: c })).canvas?.soldPixels).toBe(1225 * 1225 - 4);
    const commit = (i: number) => {
      const [boardIndex, x, y] = left[i]!;
      return client.commitOrder({
        orderId: `last-${c}-${i}`,
        canvasIndex: c,
        boardIndex,
        userId: `u${i}`,
        pixels: [{ x, y, isDefault: true }],
      });
    };
    const results = await Promise.all([0, 1, 2, 3, 0, 1, 2, 3].map(commit));
    expect(results.filter((r) => !r.alreadyCommitted)).toHaveLength(4);
    expect(results.some((r) => r.canvasSoldOut)).toBe(true);
    await soldOut.drained();
    expect(soldOutOf(c)).toHaveLength(1);
    expect(soldOutOf(c)[0]!.msgId).toBe(`soldout-${c}`);
    expect((await client.getCanvas({ canvasIndex: c })).canvas).toMatchObject({
      soldOut: true,
      soldPixels: 1225 * 1225,
    });
    // later calls do not publish it again
    await commit(0);
    expect((await client.getRandomAvailablePixel({ canvasIndex: c })).pixel).toBeUndefined();
    await soldOut.drained();
    expect(soldOutOf(c)).toHaveLength(1);
  }, 60_000);

  it('publishes it once when two replicas with stale summaries sell the last two boards at once', async () => {
    const c = await almostSoldCanvas([
      [10, 1, 2],
      [20, 3, 4],
    ]);
    const a = replica();
    const b = replica();
    // both replicas load their summaries now: two pixels left; neither learns of the other's sale
    for (const r of [a, b])
      expect((await r.client.getCanvas({ canvasIndex: c })).canvas?.soldPixels).toBe(1225 * 1225 - 2);
    const [ra, rb] = await Promise.all([
      a.client.commitOrder({
        orderId: `a-${c}`,
        canvasIndex: c,
        boardIndex: 10,
        userId: 'ua',
        pixels: [{ x: 1, y: 2, color: '#123456' }],
      }),
      b.client.commitOrder({
        orderId: `b-${c}`,
        canvasIndex: c,
        boardIndex: 20,
        userId: 'ub',
        pixels: [{ x: 3, y: 4, color: '#654321' }],
      }),
    ]);
    expect(ra!.canvasSoldOut || rb!.canvasSoldOut).toBe(true);
    await soldOut.drained();
    expect(soldOutOf(c)).toHaveLength(1);
    expect((await h.core.deps.canvases.get(c))?.soldOut).toBe(true);
  }, 60_000);
});
