// The next canvas and moderation: CreateCanvas idempotent per source submission (also under
// concurrent calls), its validation, activation's `tessera.canvas.activated`, the sold-out canvas
// still readable after the switch, and ResetPixel (default colour, still sold, audited, published).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@connectrpc/connect';
import { decodeEvent } from '@tessera/facts/events';
import { SUBJECTS } from '@tessera/facts/subjects';
import type { BusMessage } from '@tessera/kit';
import { rpcError } from '@tessera/kit/testing';
import { CANVAS_SIZE, pixelOffset } from '@tessera/facts/grid';
import { sellAllBut, startHarness, testArt, testArtHex, type Harness } from '../test/harness.js';
import { CanvasService } from './canvas-service.js';

let h: Harness;
const events: BusMessage[] = [];
const RGB_BYTES = CANVAS_SIZE * CANVAS_SIZE * 3;

beforeAll(async () => {
  h = await startHarness();
  await h.bus.subscribe({ subjects: ['tessera.>'], handler: (m) => void events.push(m) });
}, 60_000);
afterAll(() => h.close());

/** Packed RGB where pixel (x, y) is (x mod 256, y mod 256, fill). */
function gradient(fill: number): Uint8Array {
  const rgb = new Uint8Array(RGB_BYTES);
  for (let y = 0; y < 1225; y++)
    for (let x = 0; x < 1225; x++) rgb.set([x & 255, y & 255, fill], (y * 1225 + x) * 3);
  return rgb;
}

const activated = () =>
  events
    .filter((e) => e.subject === SUBJECTS.canvasActivated)
    .map((e) => ({ msgId: e.msgId, ...decodeEvent(SUBJECTS.canvasActivated, e.data) }));

describe('CreateCanvas', () => {
  it('makes one canvas per source submission, also when the same source is created five times at once', async () => {
    const rgb = gradient(7);
    // two replicas of the canvas service on one store
    const other = new CanvasService(h.core.deps);
    const created = await Promise.all(
      [h.core, other, h.core, other, h.core].map((core) =>
        core.createCanvasFromRgb('Harbour', 'by ada', rgb, false, 'sub-harbour'),
      ),
    );
    const indexes = new Set(created.map((c) => c.canvasIndex));
    expect(indexes.size).toBe(1);
    const again = await h.client.createCanvas({
      name: 'Harbour (again)',
      description: 'ignored',
      defaultColors: gradient(9),
      sourceSubmissionId: 'sub-harbour',
    });
    expect(again.canvas).toMatchObject({ canvasIndex: created[0]!.canvasIndex, name: 'Harbour' });
    const { canvases } = await h.client.listCanvases({});
    expect(canvases.filter((c) => c.name === 'Harbour')).toHaveLength(1);
    const docs = await Promise.all(canvases.map((c) => h.core.deps.canvases.get(c.canvasIndex)));
    expect(docs.filter((d) => d?.sourceSubmissionId === 'sub-harbour')).toHaveLength(1);
    // the first call's colours were kept, and every board exists
    const index = created[0]!.canvasIndex;
    expect(await h.core.deps.boards.count(index)).toBe(625);
    const { board } = await h.client.getBoard({ canvasIndex: index, boardIndex: 26 }); // origin (49, 49)
    expect([...board!.defaultColors.subarray(0, 3)]).toEqual([49, 49, 7]);
    // another source gets another canvas
    const next = await h.client.createCanvas({
      name: 'Other',
      defaultColors: rgb,
      sourceSubmissionId: 'sub-2',
    });
    expect(next.canvas!.canvasIndex).not.toBe(index);
  }, 120_000);

  it('never makes a second canvas for a source, even for a creator whose lookup missed the first one', async () => {
    const first = await h.client.createCanvas({
      name: 'Lagging',
      defaultColors: gradient(2),
      sourceSubmissionId: 'sub-lag',
    });
    // a replica whose first lookup of the source is stale (a lagging read): only the unique source stops it
    const real = h.core.deps.canvases;
    let stale = true;
    const canvases: typeof real = Object.create(real);
    canvases.findBySource = async (source) => {
      if (!stale) return real.findBySource(source);
      stale = false;
      return null;
    };
    const lagging = new CanvasService({ ...h.core.deps, canvases });
    const second = await lagging.createCanvasFromRgb('Lagging', '', gradient(2), false, 'sub-lag');
    expect(stale).toBe(false);
    expect(second.canvasIndex).toBe(first.canvas!.canvasIndex);
    const { canvases: all } = await h.client.listCanvases({});
    expect(all.filter((c) => c.name === 'Lagging')).toHaveLength(1);
  }, 60_000);

  it('finishes a creation that was cut short', async () => {
    // a creator that died after claiming the canvas and writing a few boards
    await h.core.deps.canvases.insert({
      _id: 'canvas-90',
      canvasIndex: 90,
      name: 'Half made',
      description: '',
      state: 'creating',
      createdAt: 1,
      soldOut: false,
      soldOutAt: 0,
      sourceSubmissionId: 'sub-half',
      source: 'sub-half',
    });
    const { canvas } = await h.client.createCanvas({
      name: 'Half made',
      defaultColors: gradient(1),
      sourceSubmissionId: 'sub-half',
    });
    expect(canvas).toMatchObject({ canvasIndex: 90 });
    expect((await h.core.deps.canvases.get(90))?.state).toBe('ready');
    expect(await h.core.deps.boards.count(90)).toBe(625);
  }, 60_000);

  it('refuses bad arguments with INVALID_ARGUMENT naming the field', async () => {
    const rgb = gradient(0);
    const cases = [
      [{ name: 'x', defaultColors: new Uint8Array(5) }, 'default_colors', /must be 4501875 bytes .* got 5/],
      [{ name: 'x', defaultColors: new Uint8Array(RGB_BYTES + 3) }, 'default_colors', /got 4501878/],
      [{ name: '  ', defaultColors: rgb }, 'name', /name is required/],
      [{ name: 'n'.repeat(101), defaultColors: rgb }, 'name', /at most 100/],
      [{ name: 'x', description: 'd'.repeat(1001), defaultColors: rgb }, 'description', /at most 1000/],
      [{ name: 'x', defaultColors: rgb, sourceSubmissionId: 's'.repeat(201) }, 'source_submission_id', /200/],
    ] as const;
    for (const [req, field, message] of cases) {
      const err = await rpcError(h.client.createCanvas(req));
      expect(err.code, field).toBe(Code.InvalidArgument);
      expect(err.metadata.get('tessera-error-field')).toBe(field);
      expect(err.rawMessage).toMatch(message);
    }
  });
});

describe('activation', () => {
  it('publishes tessera.canvas.activated with the previous canvas, again (same id) on a repeat; the sold-out canvas stays readable', async () => {
    const first = await h.client.createCanvas({ name: 'First', defaultColors: gradient(3), activate: true });
    const a = first.canvas!.canvasIndex;
    await sellAllBut(h.core, a, [[0, 0, 0]]);
    await h.client.commitOrder({
      orderId: 'last-pixel',
      canvasIndex: a,
      boardIndex: 0,
      userId: 'u-last',
      pixels: [{ x: 0, y: 0, color: '#010203' }],
    });
    expect((await h.client.getCanvas({ canvasIndex: a })).canvas?.soldOut).toBe(true);
    const second = await h.client.createCanvas({
      name: 'Second',
      description: 'the winner',
      defaultColors: gradient(4),
      activate: true,
      sourceSubmissionId: 'sub-second',
    });
    const b = second.canvas!.canvasIndex;
    expect(second.canvas).toMatchObject({ isActive: true, name: 'Second', soldPixels: 0 });
    expect((await h.client.getActiveCanvas({})).canvas).toMatchObject({
      canvasIndex: b,
      description: 'the winner',
    });
    const ev = activated().filter((e) => e.canvasIndex === b);
    expect(ev).toHaveLength(1);
    expect(ev[0]).toMatchObject({
      msgId: `activated-${b}-${a}`,
      previousCanvasIndex: a,
      name: 'Second',
      sourceSubmissionId: 'sub-second',
    });
    // a repeated activation (a retry after a lost publish) publishes the same id; the bus drops it
    await h.client.activateCanvas({ canvasIndex: b });
    await h.client.createCanvas({
      name: 'Second',
      defaultColors: gradient(4),
      activate: true,
      sourceSubmissionId: 'sub-second',
    });
    expect(activated().filter((e) => e.canvasIndex === b)).toHaveLength(1);
    // a publish lost after the pointer moved (a crash, the bus down) is repaired by the caller's retry
    let failed = false;
    const flaky = new CanvasService({
      ...h.core.deps,
      bus: {
        ...h.core.deps.bus,
        publish: async (subject, data, opts) => {
          if (subject === SUBJECTS.canvasActivated && !failed) {
            failed = true;
            throw new Error('bus down');
          }
          return h.core.deps.bus.publish(subject, data, opts);
        },
      },
    });
    const third = {
      name: 'Third',
      defaultColors: gradient(5),
      activate: true,
      sourceSubmissionId: 'sub-third',
    };
    await expect(
      flaky.createCanvasFromRgb(third.name, '', third.defaultColors, true, third.sourceSubmissionId),
    ).rejects.toThrow('bus down');
    const t = (await h.client.getActiveCanvas({})).canvas!.canvasIndex;
    expect(activated().filter((e) => e.canvasIndex === t)).toHaveLength(0);
    await h.client.createCanvas(third);
    expect(activated().filter((e) => e.canvasIndex === t)).toEqual([
      expect.objectContaining({ msgId: `activated-${t}-${b}`, previousCanvasIndex: b }),
    ]);
    // the sold-out canvas is still there to read
    const old = (await h.client.getCanvas({ canvasIndex: a })).canvas!;
    expect(old).toMatchObject({ isActive: false, soldOut: true, soldPixels: 1225 * 1225 });
    const board = (await h.client.getBoard({ canvasIndex: a, boardIndex: 0 })).board!;
    expect([...board.currentColors.subarray(0, 3)]).toEqual([1, 2, 3]);
    expect(board.soldCount).toBe(2401);
  }, 120_000);
});

describe('ResetPixel', () => {
  let c = 0;
  const reset = (
    x: number,
    y: number,
    extra: Partial<{ reason: string; operator: string; boardIndex: number }> = {},
  ) =>
    h.client.resetPixel({
      canvasIndex: c,
      boardIndex: 40,
      x,
      y,
      reason: 'hateful message',
      operator: 'maria',
      ...extra,
    });

  beforeAll(async () => {
    c = (
      await h.core.createCanvas({ name: 'Moderated', description: '', colorsOf: testArt, activate: false })
    ).canvasIndex;
    await h.client.commitOrder({
      orderId: 'bad-words',
      canvasIndex: c,
      boardIndex: 40,
      userId: 'troll',
      pixels: [
        { x: 3, y: 4, color: '#FF0000' },
        { x: 4, y: 4, color: '#00FF00' },
      ],
    });
  }, 60_000);

  const defaultHex = (x: number, y: number) => `#${testArtHex(40, x, y)}`;

  it('puts the default colour back, keeps the pixel sold to its buyer, answers the audit entry and publishes it', async () => {
    const before = (await h.client.getCanvas({ canvasIndex: c })).canvas!;
    const res = await reset(3, 4);
    expect(res).toMatchObject({
      reset: true,
      color: defaultHex(3, 4),
      previousColor: '#FF0000',
      ownerId: 'troll',
      operator: 'maria',
      reason: 'hateful message',
    });
    expect(res.resetAtMs).toBeGreaterThan(0);
    const board = (await h.client.getBoard({ canvasIndex: c, boardIndex: 40 })).board!;
    const o = (4 * 49 + 3) * 3;
    expect(
      `#${Buffer.from(board.currentColors.subarray(o, o + 3))
        .toString('hex')
        .toUpperCase()}`,
    ).toBe(defaultHex(3, 4));
    expect(Buffer.from(board.currentColors.subarray(o + 3, o + 6)).toString('hex')).toBe('00ff00'); // neighbour kept
    expect(board.soldCount).toBe(2);
    expect(board.ownerIds).toEqual(['troll']);
    const after = (await h.client.getCanvas({ canvasIndex: c })).canvas!;
    expect(after.soldPixels).toBe(before.soldPixels);
    expect(after.version).toBeGreaterThan(before.version);
    expect((await h.client.getUserPixelCount({ userId: 'troll', canvasIndex: c })).pixelCount).toBe(2);
    const stored = await h.core.deps.boards.get(c, 40);
    expect(stored?.resets).toEqual([
      expect.objectContaining({
        x: 3,
        y: 4,
        operator: 'maria',
        previousOwner: 'troll',
        previousColor: '#FF0000',
      }),
    ]);
    const published = events.filter((e) => e.subject === SUBJECTS.pixelsReset);
    expect(published).toHaveLength(1);
    expect(published[0]!.msgId).toBe(`reset-${c}-40-3-4`);
    expect(decodeEvent(SUBJECTS.pixelsReset, published[0]!.data)).toMatchObject({
      canvasIndex: c,
      boardIndex: 40,
      x: 3,
      y: 4,
      color: defaultHex(3, 4),
      operator: 'maria',
      boardVersion: board.version,
      canvasVersion: after.version,
    });
  });

  it('never sells the reset pixel again, and a second reset changes nothing', async () => {
    const sold = await rpcError(
      h.client.reservePixels({
        orderId: 'again',
        userId: 'someone',
        canvasIndex: c,
        boardIndex: 40,
        fencingToken: 1,
        pixels: [{ x: 3, y: 4, isDefault: true }],
      }),
    );
    expect(sold.code).toBe(Code.FailedPrecondition);
    const version = (await h.client.getBoard({ canvasIndex: c, boardIndex: 40 })).board!.version;
    const second = await reset(3, 4, { reason: 'again', operator: 'li' });
    expect(second).toMatchObject({
      reset: false,
      operator: 'maria',
      reason: 'hateful message',
      previousColor: '#FF0000',
    });
    expect((await h.client.getBoard({ canvasIndex: c, boardIndex: 40 })).board!.version).toBe(version);
    // published again under the same id: the bus drops the duplicate
    expect(events.filter((e) => e.subject === SUBJECTS.pixelsReset)).toHaveLength(1);
  });

  it('refuses bad input clearly', async () => {
    const cases: [Promise<unknown>, Code, RegExp][] = [
      [reset(10, 10), Code.InvalidArgument, /Pixel \(10, 10\) of board 40 is not sold/],
      [reset(49, 0), Code.InvalidArgument, /outside the board/],
      [reset(4, 4, { reason: '' }), Code.InvalidArgument, /reason must be 3 to 500 characters/],
      [reset(4, 4, { operator: ' ' }), Code.InvalidArgument, /operator is required/],
      [reset(4, 4, { boardIndex: 625 }), Code.InvalidArgument, /board_index/],
      [
        h.client.resetPixel({ canvasIndex: 999, boardIndex: 0, x: 0, y: 0, reason: 'abc', operator: 'o' }),
        Code.NotFound,
        /Canvas 999 not found/,
      ],
    ];
    for (const [call, code, message] of cases) {
      const err = await rpcError(call);
      expect(err.code).toBe(code);
      expect(err.rawMessage).toMatch(message);
    }
    // nothing changed: (4, 4) is still the buyer's colour
    const board = (await h.client.getBoard({ canvasIndex: c, boardIndex: 40 })).board!;
    const o = (4 * 49 + 4) * 3;
    expect(Buffer.from(board.currentColors.subarray(o, o + 3)).toString('hex')).toBe('00ff00');
  });

  it('loses no write when resets and a sale of the same board race', async () => {
    await h.client.commitOrder({
      orderId: 'row',
      canvasIndex: c,
      boardIndex: 40,
      userId: 'troll',
      pixels: Array.from({ length: 10 }, (_, x) => ({ x, y: 20, color: '#123456' })),
    });
    const results = await Promise.all([
      ...Array.from({ length: 10 }, (_, x) => reset(x, 20)),
      h.client.commitOrder({
        orderId: 'racing-sale',
        canvasIndex: c,
        boardIndex: 40,
        userId: 'buyer',
        pixels: [{ x: 30, y: 30, color: '#ABCDEF' }],
      }),
    ]);
    expect(results.slice(0, 10).every((r) => 'reset' in r && r.reset)).toBe(true);
    const stored = (await h.core.deps.boards.get(c, 40))!;
    for (let x = 0; x < 10; x++)
      expect(stored.currentColors.slice(pixelOffset(x, 20) * 6, pixelOffset(x, 20) * 6 + 6)).toBe(
        testArtHex(40, x, 20),
      );
    expect(stored.owners[pixelOffset(30, 30)]).toBe('buyer');
    expect(stored.resets).toHaveLength(11);
  }, 60_000);
});
