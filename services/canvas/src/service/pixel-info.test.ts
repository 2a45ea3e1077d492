import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@connectrpc/connect';
import { rpcError } from '@tessera/kit/testing';
import { PixelKind } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { startHarness, testArt, testArtHex, type Harness } from '../test/harness.js';

let h: Harness;
let c: number;
const NOW = Date.now();

beforeAll(async () => {
  h = await startHarness();
  c = (await h.core.createCanvas({ name: 'info', description: '', colorsOf: testArt, activate: true }))
    .canvasIndex;
  await h.client.reservePixels({
    orderId: 'o-info',
    userId: 'u-info',
    canvasIndex: c,
    boardIndex: 26,
    fencingToken: 1,
    pixels: [
      { x: 1, y: 2, isDefault: true },
      { x: 3, y: 4, color: '#123456', isDefault: false },
    ],
  });
  await h.client.commitOrder({ orderId: 'o-info', canvasIndex: c, boardIndex: 26 });
  await h.client.commitOrder({
    orderId: 'o-other',
    canvasIndex: c,
    boardIndex: 0,
    userId: 'u-other',
    pixels: [{ x: 0, y: 0, color: '#ABCDEF' }],
  });
});
afterAll(() => h.close());

describe('GetPixel', () => {
  it('answers the buyer, the sale time and the kind recorded at the sale', async () => {
    const artist = (await h.client.getPixel({ canvasIndex: c, boardIndex: 26, x: 1, y: 2 })).pixel!;
    expect(artist).toMatchObject({
      boardIndex: 26,
      x: 1,
      y: 2,
      ownerId: 'u-info',
      kind: PixelKind.ARTIST,
      kindRecorded: true,
      reset: false,
      currentColor: `#${testArtHex(26, 1, 2)}`,
      defaultColor: `#${testArtHex(26, 1, 2)}`,
    });
    expect(artist.soldAtMs).toBeGreaterThanOrEqual(NOW);
    const custom = (await h.client.getPixel({ canvasIndex: c, boardIndex: 26, x: 3, y: 4 })).pixel!;
    expect(custom).toMatchObject({ ownerId: 'u-info', kind: PixelKind.CUSTOM, currentColor: '#123456' });
  });

  it('answers an unsold pixel with no buyer, no time and no kind', async () => {
    const free = (await h.client.getPixel({ canvasIndex: c, boardIndex: 26, x: 2, y: 2 })).pixel!;
    expect(free).toMatchObject({
      ownerId: '',
      soldAtMs: 0,
      kind: PixelKind.UNSPECIFIED,
      kindRecorded: false,
    });
  });

  it('refuses a pixel outside the board, a bad board and an unknown canvas', async () => {
    const at = (canvasIndex: number, boardIndex: number, x: number, y: number) =>
      rpcError(h.client.getPixel({ canvasIndex, boardIndex, x, y }));
    expect((await at(c, 26, 49, 0)).code).toBe(Code.InvalidArgument);
    expect((await at(c, 26, 0, -1)).code).toBe(Code.InvalidArgument);
    expect((await at(c, 625, 0, 0)).code).toBe(Code.InvalidArgument);
    expect((await at(c + 50, 0, 0, 0)).code).toBe(Code.NotFound);
  });
});

describe('ListUserPixels', () => {
  it("answers the canvas-wide offsets of the user's own pixels only", async () => {
    // board 26 is row 1, column 1: its origin is (49, 49)
    const { canvasOffsets } = await h.client.listUserPixels({ userId: 'u-info', canvasIndex: c });
    expect(canvasOffsets).toEqual([(49 + 2) * 1225 + 49 + 1, (49 + 4) * 1225 + 49 + 3]);
    expect((await h.client.listUserPixels({ userId: 'u-other', canvasIndex: c })).canvasOffsets).toEqual([0]);
    expect((await h.client.listUserPixels({ userId: 'u-none', canvasIndex: c })).canvasOffsets).toEqual([]);
    expect((await rpcError(h.client.listUserPixels({ userId: '', canvasIndex: c }))).code).toBe(
      Code.InvalidArgument,
    );
  });
});
