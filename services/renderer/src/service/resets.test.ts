// A moderation reset reaches the composite: canvas ResetPixel publishes `tessera.pixels.reset`, the
// renderer's consumer writes the default colour into both views (the pixel stays sold), and the
// image's tag changes; a redelivered reset changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createPeerClient } from '@tessera/kit';
import { eventually } from '@tessera/kit/testing';
import { testArtRgb } from '@tessera/canvas/testing';
import {
  ImageFormat,
  RendererService as RendererRpc,
} from '@tessera/proto/tessera/renderer/v1/renderer_pb.js';
import { canvasClientOf, startCanvasStack, type CanvasStack } from '../test/stack.js';

let s: CanvasStack;
const BOARD = 60; // row 2, col 10: origin (490, 98)
const [X, Y] = [7, 9];
const where = [490 + X, 98 + Y] as const;
const artist = () => testArtRgb(BOARD, X, Y);
const reset = () =>
  canvasClientOf(s.canvasCore).resetPixel({
    canvasIndex: s.canvasIndex,
    boardIndex: BOARD,
    x: X,
    y: Y,
    reason: 'offensive shape',
    operator: 'maria',
  });

beforeAll(async () => {
  s = await startCanvasStack();
}, 60_000);
afterAll(() => s?.close());

async function sample(preview: boolean) {
  const renderer = createPeerClient(RendererRpc, s.rendererUrl);
  const { image } = await renderer.renderComposite({
    canvasIndex: s.canvasIndex,
    format: ImageFormat.PNG,
    scale: 1,
    preview,
  });
  const { data, info } = await sharp(image!.data).raw().toBuffer({ resolveWithObject: true });
  const o = (where[1] * info.width + where[0]) * info.channels;
  return { rgb: [...data.subarray(o, o + 3)], etag: image!.etag };
}

describe('moderation reset in the composite', () => {
  it('shows the default colour again in live and preview once the pixel is reset', async () => {
    const canvas = canvasClientOf(s.canvasCore);
    await sample(false); // the frame exists before the sale: the events must update it
    await canvas.commitOrder({
      orderId: 'offensive',
      canvasIndex: s.canvasIndex,
      boardIndex: BOARD,
      userId: 'troll',
      pixels: [{ x: X, y: Y, color: '#FF00FF' }],
    });
    await eventually(async () => (await sample(false)).rgb.join() === '255,0,255', 10_000);
    const before = await sample(true);
    expect(before.rgb).toEqual([255, 0, 255]);

    await reset();
    const live = await eventually(async () => {
      const r = await sample(false);
      return r.rgb.join() === artist().join() ? r : null;
    }, 10_000);
    const preview = await sample(true);
    expect(preview.rgb).toEqual(artist());
    expect(preview.etag).not.toBe(before.etag);

    // a repeated reset (published again, or redelivered) changes nothing
    const again = await reset();
    expect(again.reset).toBe(false);
    await s.rendererCore.frames.get(s.canvasIndex);
    expect((await sample(false)).etag).toBe(live.etag);
  }, 60_000);
});
