/**
 * The data of the Server-Sent Events of `GET /api/events` (their names and the path:
 * `@tessera/facts/live`). Each event's `data:` line is one of these bodies as JSON. Times are epoch
 * milliseconds; colours the wire form `#RRGGBB`.
 */
import { z } from 'zod';

const CanvasIndex = z.number().int().nonnegative();
const BoardIndex = z.number().int().nonnegative();

/** A pixel of a board (board coordinates 0..48). */
export const LivePixel = z.object({ x: z.number().int(), y: z.number().int(), color: z.string() });
export type LivePixel = z.infer<typeof LivePixel>;

/** `event: pixels`: pixels of one board were sold (or, with `reset`, reset to the design's colour). */
export const PixelsEventData = z.object({
  canvasIndex: CanvasIndex,
  boardIndex: BoardIndex,
  pixels: z.array(LivePixel),
  committedAt: z.number(),
  reset: z.literal(true).optional(),
});
export type PixelsEventData = z.infer<typeof PixelsEventData>;

/**
 * `event: lock:<kind>`: a board's lock changed. Holder-only kinds go to the holder's streams; others
 * see an `expired` lock as `lock:released` with `reason: 'expired'`.
 */
export const LockEventData = z.object({
  canvasIndex: CanvasIndex,
  boardIndex: BoardIndex,
  userId: z.string(),
  username: z.string(),
  expiresAt: z.number(),
  at: z.number(),
  reason: z.literal('expired').optional(),
});
export type LockEventData = z.infer<typeof LockEventData>;

/** `event: canvas:activated`: the next canvas is live. */
export const CanvasActivatedData = z.object({
  canvasIndex: CanvasIndex,
  name: z.string(),
  previousCanvasIndex: z.number().int(),
});
export type CanvasActivatedData = z.infer<typeof CanvasActivatedData>;

/** `event: canvas:soldout`: the stream's canvas sold its last pixel. */
export const CanvasSoldOutData = z.object({ canvasIndex: CanvasIndex });
export type CanvasSoldOutData = z.infer<typeof CanvasSoldOutData>;
