import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, ConnectError } from '@connectrpc/connect';
import { fromBinary } from '@bufbuild/protobuf';
import { recordSubjects, type Recorder } from '@tessera/kit/testing';
import { PixelsCommittedSchema } from '@tessera/proto/tessera/events/v1/events_pb.js';
import { reserveOnePixel, startHarness, testArt, type Harness } from '../test/harness.js';

let h: Harness;
let c: number;
let committed: Recorder;

beforeAll(async () => {
  h = await startHarness();
  c = (await h.core.createCanvas({ name: 'race', description: '', colorsOf: testArt, activate: true }))
    .canvasIndex;
  committed = await recordSubjects(h.bus, ['tessera.pixels.committed']);
}, 60_000);
afterAll(() => h.close());

/** Order i asks for a window of 5 pixels of row 0 starting at 2i mod 40: neighbours overlap. */
const pixelsOf = (i: number) =>
  Array.from({ length: 5 }, (_, k) => ({ x: ((i * 2) % 40) + k, y: 0, color: '#00AA00' }));

describe('parallel commits racing for the same pixels', () => {
  it('sells each pixel exactly once', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        h.client.commitOrder({
          orderId: `race-${i}`,
          canvasIndex: c,
          boardIndex: 100,
          userId: `user-${i}`,
          pixels: pixelsOf(i),
        }),
      ),
    );
    const winners = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
    for (const r of results) {
      if (r.status === 'rejected') expect(ConnectError.from(r.reason).code).toBe(Code.FailedPrecondition);
    }
    expect(winners.length).toBeGreaterThan(0);
    // the winners' pixel sets are disjoint and each pixel belongs to exactly its winner
    const owner = new Map<string, number>();
    for (const i of winners) {
      for (const p of pixelsOf(i)) {
        const key = `${p.x},${p.y}`;
        expect(owner.has(key), `pixel ${key} sold twice`).toBe(false);
        owner.set(key, i);
      }
    }
    const board = (await h.core.deps.boards.get(c, 100))!;
    expect(board.soldCount).toBe(owner.size);
    for (let x = 0; x < 49; x++) {
      const expected = owner.get(`${x},0`);
      expect(board.owners[x]).toBe(expected === undefined ? null : `user-${expected}`);
    }
    // one event per winning order, none for the losers
    await committed.drained();
    const ids = committed.messages.map((m) => fromBinary(PixelsCommittedSchema, m.data).orderId).sort();
    expect(ids).toEqual(winners.map((i) => `race-${i}`).sort());
  });

  it('lets exactly one of many parallel reservations hold a pixel', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        reserveOnePixel(h.client, `hold-${i}`, `user-${i}`, [c, 101, 7, 7]),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const board = (await h.core.deps.boards.get(c, 101))!;
    expect(board.reservations).toHaveLength(1);
  });

  it('commits one order exactly once when its commit is repeated in parallel', async () => {
    await reserveOnePixel(h.client, 'dup', 'u', [c, 102, 1, 1]);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        h.client.commitOrder({ orderId: 'dup', canvasIndex: c, boardIndex: 102 }),
      ),
    );
    expect(results.filter((r) => !r.alreadyCommitted)).toHaveLength(1);
    expect(results.find((r) => !r.alreadyCommitted)?.pixelCount).toBe(1);
    const board = (await h.core.deps.boards.get(c, 102))!;
    expect(board.soldCount).toBe(1);
    expect(board.owners[1 * 49 + 1]).toBe('u');
    expect(board.committedOrders.filter((o) => o === 'dup')).toHaveLength(1);
    // one `tessera.pixels.committed` for the order however often it was committed
    await committed.drained();
    const dup = committed.messages.filter((m) => fromBinary(PixelsCommittedSchema, m.data).orderId === 'dup');
    expect(dup).toHaveLength(1);
  });
});
