// The iteration on the live stream and the active-canvas route, against the real canvas service and
// renderer: a moderation reset reaches browsers as `pixels` (reset: true), a sold-out canvas as
// `canvas:soldout` and `sold_out: true`, and an activation as `canvas:activated`, after which the
// stream follows the new canvas.
import { describe, expect, it } from 'vitest';
import { encodeEvent } from '@tessera/facts/events';
import { SUBJECTS } from '@tessera/facts/subjects';
import { canvasClientOf } from '@tessera/renderer/testing';
import { sharedBffStack } from '../canvas/test/stack.js';
import { SseClient } from '../canvas/test/sse-client.js';
import { expectContract } from '../test/contract.js';
import { CanvasActivatedData, CanvasSoldOutData } from '@tessera/api/live';

const s = sharedBffStack();
const canvas = () => canvasClientOf(s.stack.canvasCore);
/** Commits a one-pixel order on the canvas service, as a paid purchase does. */
const sell = (
  orderId: string,
  canvasIndex: number,
  boardIndex: number,
  userId: string,
  pixel: { x: number; y: number; color: string },
) => canvas().commitOrder({ orderId, canvasIndex, boardIndex, userId, pixels: [pixel] });
const active = async () =>
  ((await (await fetch(`${s.bff.base}/api/canvases/active`)).json()) as { data: Record<string, unknown>[] })
    .data[0];

describe('the iteration on GET /api/events', () => {
  it('forwards a moderation reset as pixels with the default colour', async () => {
    await sell('to-moderate', s.canvasIndex, 12, 'troll', { x: 2, y: 3, color: '#FF00FF' });
    const client = await SseClient.open(`${s.bff.base}/api/events`);
    expect(client.status).toBe(200); // subscribed
    const res = await canvas().resetPixel({
      canvasIndex: s.canvasIndex,
      boardIndex: 12,
      x: 2,
      y: 3,
      reason: 'hateful',
      operator: 'maria',
    });
    const ev = await client.waitFor((e) => e.event === 'pixels');
    expect(JSON.parse(ev.data)).toMatchObject({
      canvasIndex: s.canvasIndex,
      boardIndex: 12,
      pixels: [{ x: 2, y: 3, color: res.color }],
      reset: true,
    });
    client.close();
  });

  it('says when the active canvas sold out, on the stream and on /api/canvases/active', async () => {
    expect(await active()).toMatchObject({ canvas_index: s.canvasIndex, sold_out: false });
    const client = await SseClient.open(`${s.bff.base}/api/events`);
    expect(client.status).toBe(200);
    const soldOut = (canvasIndex: number) =>
      s.stack.bus.publish(
        SUBJECTS.canvasSoldOut,
        encodeEvent(SUBJECTS.canvasSoldOut, { canvasIndex, atMs: 1 }),
        {
          msgId: `test-soldout-${canvasIndex}`,
        },
      );
    await soldOut(s.canvasIndex + 100); // another canvas: not this stream's
    await s.stack.canvasCore.deps.canvases.markSoldOut(s.canvasIndex, Date.now());
    await soldOut(s.canvasIndex);
    const ev = await client.waitFor((e) => e.event === 'canvas:soldout');
    expectContract(CanvasSoldOutData, JSON.parse(ev.data));
    expect(JSON.parse(ev.data)).toEqual({ canvasIndex: s.canvasIndex });
    expect(client.events.filter((e) => e.event === 'canvas:soldout')).toHaveLength(1);
    expect(await active()).toMatchObject({ canvas_index: s.canvasIndex, sold_out: true });
    client.close();
  });

  it('announces the next canvas and then follows it', async () => {
    const client = await SseClient.open(`${s.bff.base}/api/events`);
    expect(client.status).toBe(200);
    const next = await s.stack.canvasCore.createCanvasFromRgb(
      'The Next One',
      'chosen by votes',
      new Uint8Array(1225 * 1225 * 3).fill(200),
      true,
      'sub-next',
    );
    const ev = await client.waitFor((e) => e.event === 'canvas:activated');
    expectContract(CanvasActivatedData, JSON.parse(ev.data));
    expect(JSON.parse(ev.data)).toEqual({
      canvasIndex: next.canvasIndex,
      name: 'The Next One',
      previousCanvasIndex: s.canvasIndex,
    });
    expect(await active()).toEqual({
      canvas_index: next.canvasIndex,
      name: 'The Next One',
      description: 'chosen by votes',
      is_active: true,
      sold_out: false,
    });
    // the old canvas's sales are not this stream's any more; the new one's are
    await sell('old-canvas', s.canvasIndex, 1, 'u', { x: 0, y: 0, color: '#000001' });
    await sell('new-canvas', next.canvasIndex, 1, 'u', { x: 0, y: 0, color: '#000002' });
    const pixels = await client.waitFor((e) => e.event === 'pixels');
    expect(JSON.parse(pixels.data)).toMatchObject({ canvasIndex: next.canvasIndex });
    expect(client.events.filter((e) => e.event === 'pixels')).toHaveLength(1);
    client.close();
  }, 60_000);
});
