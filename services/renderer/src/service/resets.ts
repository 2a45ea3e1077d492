/**
 * `tessera.pixels.reset` (a moderation reset by the canvas service) applied to the frames: the pixel
 * stays sold and shows its default colour again, in the live and the preview view alike, so it is
 * written like a committed pixel of that colour at the board's new version. The renderer's durable
 * consumer takes both subjects in stream order, so a reset is never overtaken by the sale it undoes.
 * Idempotent like a commit: applying it again changes nothing.
 */
import { create } from '@bufbuild/protobuf';
import { decodeEvent } from '@tessera/facts/events';
import { SUBJECTS } from '@tessera/facts/subjects';
import type { BusMessage } from '@tessera/kit';
import { PixelsCommittedSchema, type PixelReset } from '@tessera/proto/tessera/events/v1/events_pb.js';
import type { FrameStore } from './frames.js';

export function resetAsCommitted(ev: PixelReset) {
  return create(PixelsCommittedSchema, {
    orderId: `reset-${ev.canvasIndex}-${ev.boardIndex}-${ev.x}-${ev.y}`,
    canvasIndex: ev.canvasIndex,
    boardIndex: ev.boardIndex,
    pixels: [{ x: ev.x, y: ev.y, color: ev.color }],
    committedAtMs: ev.resetAtMs,
    boardVersion: ev.boardVersion,
    canvasVersion: ev.canvasVersion,
  });
}

/** Handler of `tessera.pixels.reset` on the renderer's durable consumer. */
export async function onReset(frames: FrameStore, msg: BusMessage): Promise<void> {
  frames.apply(resetAsCommitted(decodeEvent(SUBJECTS.pixelsReset, msg.data)));
}
