/**
 * Pixels (spec section 7, "Canvas and pixels"; section 3's Pixel and Available pixel result) and the
 * pixel info of issue 24 (not in the spec, documented in the BFF README). Colours travel as '#RRGGBB'.
 */
import { z } from 'zod';

const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/);
const coordinate = z.number().int().nonnegative();

/** A board's pixel (board coordinates 0..48). `user_id` is null while unsold. */
export const BoardPixel = z.object({
  x: coordinate,
  y: coordinate,
  current_color: hexColor,
  default_color: hexColor,
  user_id: z.string().nullable(),
});
export type BoardPixel = z.infer<typeof BoardPixel>;

/** `GET /pixels/canvas/{c}/board/{b}`: the board's 2401 pixels. */
export const BoardPixelsResponse = z.object({ success: z.literal(true), data: z.array(BoardPixel) });
export type BoardPixelsResponse = z.infer<typeof BoardPixelsResponse>;

/** The spec's Available pixel result: a pixel of board `board_index`. */
export const AvailablePixel = BoardPixel.omit({ user_id: true }).extend({
  board_index: z.number().int().nonnegative(),
});
export type AvailablePixel = z.infer<typeof AvailablePixel>;

/** `GET /pixels/available/random?canvas_index=n` (404 "No pixels available" when sold out). */
export const AvailablePixelResponse = z.object({
  success: z.literal(true),
  data: AvailablePixel,
  message: z.string(),
});
export type AvailablePixelResponse = z.infer<typeof AvailablePixelResponse>;

/** Who bought a pixel: a username only, never an id or an e-mail. */
export const PixelBuyer = z.object({
  /** null when the buyer chose to appear as anonymous (or the account no longer exists). */
  username: z.string().nullable(),
  anonymous: z.boolean(),
});
export type PixelBuyer = z.infer<typeof PixelBuyer>;

/** One pixel's record, by canvas-wide coordinates (0..1224). */
export const PixelInfo = z.object({
  x: coordinate,
  y: coordinate,
  board_index: z.number().int().nonnegative(),
  color: hexColor,
  default_color: hexColor,
  sold: z.boolean(),
  /** null while unsold. */
  buyer: PixelBuyer.nullable(),
  /** ISO 8601; null while unsold. */
  sold_at: z.iso.datetime().nullable(),
  kind: z.enum(['artist', 'custom']).nullable(),
  /** False when the kind of an older sale was derived from the colours (not recorded at the sale). */
  kind_recorded: z.boolean(),
  /** Put back to the artist's colour by moderation. */
  reset: z.boolean(),
});
export type PixelInfo = z.infer<typeof PixelInfo>;

/** `GET /pixels/canvas/{c}/pixel?x=&y=` (public, not cached). */
export const PixelInfoResponse = z.object({ success: z.literal(true), data: PixelInfo });
export type PixelInfoResponse = z.infer<typeof PixelInfoResponse>;

/** `GET /pixels/canvas/{c}/mine` (signed in): the canvas-wide pixels the caller bought, as `[x, y]`. */
export const OwnPixelsResponse = z.object({
  success: z.literal(true),
  data: z.object({ pixels: z.array(z.tuple([coordinate, coordinate])) }),
});
export type OwnPixelsResponse = z.infer<typeof OwnPixelsResponse>;
