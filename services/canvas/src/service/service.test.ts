import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@connectrpc/connect';
import { fromBinary } from '@bufbuild/protobuf';
import { type BusMessage } from '@tessera/kit';
import { rpcError, tempDir } from '@tessera/kit/testing';
import { PixelsCommittedSchema } from '@tessera/proto/tessera/events/v1/events_pb.js';
import { pixelOffset } from '@tessera/facts/grid';
import { ownerAt } from '@tessera/facts/owners';
import { startHarness, testArt, type Harness } from '../test/harness.js';
import { CanvasService, DEMO_CANVAS_INDEX } from './canvas-service.js';
import { demoBoardColors } from '../domain/demo-art.js';
import { createInProcessBus } from '@tessera/embedded';

let h: Harness;
const events: BusMessage[] = [];

beforeAll(async () => {
  h = await startHarness();
  await h.bus.subscribe({ subjects: ['tessera.>'], handler: (m) => void events.push(m) });
  await h.core.ensureDemoCanvas();
});
afterAll(() => h.close());

describe('canvases', () => {
  it('starts an empty store with the active demo canvas', async () => {
    const { canvas } = await h.client.getActiveCanvas({});
    expect(canvas).toMatchObject({
      canvasIndex: DEMO_CANVAS_INDEX,
      name: 'Tessera Sunset',
      isActive: true,
      soldPixels: 0,
      totalPixels: 1225 * 1225,
    });
    const { board } = await h.client.getBoard({ canvasIndex: DEMO_CANVAS_INDEX, boardIndex: 312 });
    expect(Buffer.from(board!.defaultColors).toString('hex').toUpperCase()).toBe(demoBoardColors(312));
    expect(Buffer.from(board!.currentColors).every((b) => b === 255)).toBe(true);
    expect(board!.ownerIds).toEqual([]);
  });

  it('creates the demo canvas once when two processes start at once', async () => {
    const tmp = tempDir();
    const bus = createInProcessBus();
    const a = await startHarness({ dir: tmp.dir, bus });
    const b = new CanvasService(a.core.deps); // a second process on the same store
    await Promise.all([a.core.ensureDemoCanvas(), b.ensureDemoCanvas(), a.core.ensureDemoCanvas()]);
    const { canvases } = await a.client.listCanvases({});
    expect(canvases.map((c) => [c.canvasIndex, c.isActive])).toEqual([[DEMO_CANVAS_INDEX, true]]);
    expect(await a.core.deps.boards.count(DEMO_CANVAS_INDEX)).toBe(625);
    await a.close();
    await bus.close();
    tmp.cleanup();
  }, 60_000);

  it('answers NOT_FOUND for an unknown canvas and INVALID_ARGUMENT for a bad board', async () => {
    expect((await rpcError(h.client.getBoard({ canvasIndex: 99, boardIndex: 0 }))).code).toBe(Code.NotFound);
    expect((await rpcError(h.client.getBoard({ canvasIndex: 1, boardIndex: 625 }))).code).toBe(
      Code.InvalidArgument,
    );
    expect((await rpcError(h.client.getCanvas({ canvasIndex: -1 }))).code).toBe(Code.InvalidArgument);
  });

  it('creates and activates a canvas from packed RGB', async () => {
    const rgb = new Uint8Array(1225 * 1225 * 3).fill(0x20);
    const { canvas } = await h.client.createCanvas({
      name: 'Next',
      description: 'second',
      defaultColors: rgb,
      activate: true,
    });
    expect(canvas).toMatchObject({ canvasIndex: 2, isActive: true });
    expect((await h.client.getActiveCanvas({})).canvas?.canvasIndex).toBe(2);
    expect(events.some((e) => e.subject === 'tessera.canvas.activated')).toBe(true);
    await h.client.activateCanvas({ canvasIndex: 1 });
    expect((await h.client.getActiveCanvas({})).canvas?.canvasIndex).toBe(1);
    expect(
      (await rpcError(h.client.createCanvas({ name: 'x', defaultColors: new Uint8Array(5) }))).code,
    ).toBe(Code.InvalidArgument);
  }, 30_000);
});

describe('purchases', () => {
  const c = DEMO_CANVAS_INDEX;

  it('reserves, commits exactly once and publishes the committed pixels', async () => {
    const res = await h.client.reservePixels({
      orderId: 'pi_1',
      userId: 'u1',
      canvasIndex: c,
      boardIndex: 5,
      fencingToken: 1,
      pixels: [
        { x: 0, y: 0, isDefault: true },
        { x: 1, y: 0, color: '#123456', isDefault: false },
      ],
    });
    expect(res).toMatchObject({ artistColorCount: 1, customColorCount: 1 });
    const before = (await h.client.getActiveCanvas({})).canvas!.version;
    const first = await h.client.commitOrder({ orderId: 'pi_1', canvasIndex: c, boardIndex: 5 });
    expect(first).toMatchObject({ alreadyCommitted: false, pixelCount: 2, canvasSoldOut: false });
    const again = await h.client.commitOrder({ orderId: 'pi_1', canvasIndex: c, boardIndex: 5 });
    expect(again.alreadyCommitted).toBe(true);
    const { board } = await h.client.getBoard({ canvasIndex: c, boardIndex: 5 });
    expect(ownerAt(board!, pixelOffset(0, 0))).toBe('u1');
    expect(ownerAt(board!, pixelOffset(1, 0))).toBe('u1');
    expect(ownerAt(board!, pixelOffset(2, 0))).toBeNull();
    expect(Buffer.from(board!.currentColors).subarray(3, 6).toString('hex')).toBe('123456');
    expect(Buffer.from(board!.currentColors).subarray(0, 3).toString('hex').toUpperCase()).toBe(
      demoBoardColors(5).slice(0, 6),
    );
    const canvas = (await h.client.getActiveCanvas({})).canvas!;
    expect(canvas.soldPixels).toBe(2);
    expect(canvas.version).toBeGreaterThan(before);
    const committed = events.filter((e) => e.subject === 'tessera.pixels.committed' && e.msgId === 'pi_1');
    expect(committed).toHaveLength(1);
    const ev = fromBinary(PixelsCommittedSchema, committed[0]!.data);
    expect(ev).toMatchObject({ orderId: 'pi_1', canvasIndex: c, boardIndex: 5, userId: 'u1' });
    expect(ev.pixels.map((p) => [p.x, p.y, p.color])).toEqual([
      [0, 0, `#${demoBoardColors(5).slice(0, 6)}`],
      [1, 0, '#123456'],
    ]);
    expect((await h.client.getUserPixelCount({ userId: 'u1', canvasIndex: c })).pixelCount).toBe(2);
  });

  it('refuses sold pixels, held pixels and stale fencing tokens', async () => {
    const reserve = (orderId: string, x: number, token: number) =>
      h.client.reservePixels({
        orderId,
        userId: 'u2',
        canvasIndex: c,
        boardIndex: 5,
        fencingToken: token,
        pixels: [{ x, y: 0, isDefault: true }],
      });
    expect((await rpcError(reserve('pi_2', 0, 2))).code).toBe(Code.FailedPrecondition);
    await reserve('pi_3', 10, 3);
    expect((await rpcError(reserve('pi_4', 10, 3))).code).toBe(Code.AlreadyExists);
    expect((await rpcError(reserve('pi_5', 11, 2))).code).toBe(Code.FailedPrecondition);
    expect(
      (await h.client.releaseReservation({ orderId: 'pi_3', canvasIndex: c, boardIndex: 5 })).released,
    ).toBe(true);
    expect(
      (await h.client.releaseReservation({ orderId: 'pi_3', canvasIndex: c, boardIndex: 5 })).released,
    ).toBe(false);
    await reserve('pi_4', 10, 3);
  });

  it('commits an order whose reservation is gone when its pixels are still free, else refuses', async () => {
    const late = await h.client.commitOrder({
      orderId: 'pi_late',
      canvasIndex: c,
      boardIndex: 6,
      userId: 'u3',
      pixels: [{ x: 4, y: 4, color: '#00FF00' }],
    });
    expect(late.pixelCount).toBe(1);
    const clash = await rpcError(
      h.client.commitOrder({
        orderId: 'pi_clash',
        canvasIndex: c,
        boardIndex: 6,
        userId: 'u4',
        pixels: [{ x: 4, y: 4, color: '#0000FF' }],
      }),
    );
    expect(clash.code).toBe(Code.FailedPrecondition);
    expect(
      (await rpcError(h.client.commitOrder({ orderId: 'pi_none', canvasIndex: c, boardIndex: 6 }))).code,
    ).toBe(Code.AlreadyExists);
  });
});

describe('test art helper', () => {
  it('gives 2401 colours', () => expect(testArt(3)).toHaveLength(2401 * 6));
});
