// GetCanvasHistory: the purchases of a canvas in commit order, from the boards' sale times and owners,
// with the colour each pixel shows now; one answer per canvas version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createRouterTransport } from '@connectrpc/connect';
import { boardOrigin, CANVAS_SIZE } from '@tessera/facts/grid';
import { decodeHistory } from '@tessera/facts/timelapse';
import { CanvasService as CanvasRpc } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { routes } from '../routes.js';
import { startHarness, testArt, testArtHex, type Harness } from '../test/harness.js';
import { CanvasService } from './canvas-service.js';

let h: Harness;
let clock = Date.UTC(2026, 10, 1);

beforeAll(async () => {
  h = await startHarness();
}, 60_000);
afterAll(() => h.close());

/** A canvas core on the harness's store whose clock the test moves. */
function clocked() {
  const core = new CanvasService({ ...h.core.deps, now: () => clock });
  return { core, client: createClient(CanvasRpc, createRouterTransport(routes(core))) };
}

const canvasOffsetOf = (board: number, x: number, y: number) => {
  const o = boardOrigin(board);
  return (o.y + y) * CANVAS_SIZE + o.x + x;
};

describe('GetCanvasHistory', () => {
  it('answers the commits in time order, each with its pixels and their colours', async () => {
    const { core, client } = clocked();
    const { canvasIndex } = await core.createCanvas({
      name: 'h',
      description: '',
      colorsOf: testArt,
      activate: false,
    });
    const buy = async (
      order: string,
      user: string,
      board: number,
      pixels: { x: number; y: number; color?: string }[],
    ) => {
      await client.reservePixels({
        orderId: order,
        userId: user,
        canvasIndex,
        boardIndex: board,
        fencingToken: 1,
        pixels: pixels.map((p) => ({ x: p.x, y: p.y, isDefault: !p.color, color: p.color ?? '' })),
      });
      await client.commitOrder({ orderId: order, canvasIndex, boardIndex: board });
    };
    const empty = await client.getCanvasHistory({ canvasIndex });
    expect(empty.commitCount).toBe(0);
    expect(decodeHistory(empty.history).offsets.length).toBe(0);

    clock += 1000;
    await buy('o-first', 'ann', 400, [
      { x: 1, y: 2 },
      { x: 3, y: 2, color: '#FF0000' },
    ]);
    clock += 1000;
    await buy('o-second', 'bob', 7, [{ x: 48, y: 48, color: '#00FF00' }]);
    clock += 1000;
    await buy('o-third', 'ann', 400, [{ x: 0, y: 0 }]);

    const res = await client.getCanvasHistory({ canvasIndex });
    expect(res.commitCount).toBe(3);
    expect(res.pixelCount).toBe(4);
    const history = decodeHistory(res.history);
    const start = Date.UTC(2026, 10, 1);
    expect([...history.times]).toEqual([start + 1000, start + 2000, start + 3000]);
    expect([...history.commitEnd]).toEqual([2, 3, 4]);
    expect([...history.offsets]).toEqual([
      canvasOffsetOf(400, 1, 2),
      canvasOffsetOf(400, 3, 2),
      canvasOffsetOf(7, 48, 48),
      canvasOffsetOf(400, 0, 0),
    ]);
    expect([...history.colors]).toEqual([
      parseInt(testArtHex(400, 1, 2), 16),
      0xff0000,
      0x00ff00,
      parseInt(testArtHex(400, 0, 0), 16),
    ]);
    expect(res.canvasVersion).toBeGreaterThan(empty.canvasVersion);

    // the same version answers the same history; a new sale a new one
    const again = await client.getCanvasHistory({ canvasIndex });
    expect(again.canvasVersion).toBe(res.canvasVersion);
    expect(again.history).toEqual(res.history);
    clock += 1000;
    await buy('o-fourth', 'cy', 7, [{ x: 0, y: 0, color: '#0000FF' }]);
    const later = await client.getCanvasHistory({ canvasIndex });
    expect(later.canvasVersion).toBeGreaterThan(res.canvasVersion);
    expect(later.commitCount).toBe(4);
  });

  it('refuses an unknown canvas with NOT_FOUND', async () => {
    await expect(h.client.getCanvasHistory({ canvasIndex: 9999 })).rejects.toThrow(/Canvas 9999 not found/);
  });
});
