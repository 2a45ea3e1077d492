/**
 * The gallery of past canvases (issue 24; BFF README). The timelapse's history,
 * `GET /canvas/{c}/history`, is binary (`@tessera/facts/timelapse` encodes and decodes it), not JSON.
 */
import { z } from 'zod';

/** A canvas as the gallery lists it. */
export const GalleryCanvas = z.object({
  canvas_index: z.number().int().nonnegative(),
  name: z.string(),
  artist: z.string(),
  is_active: z.boolean(),
  sold_out: z.boolean(),
  /** ISO 8601. */
  started_at: z.iso.datetime(),
  /** ISO 8601; null while it still sells. */
  sold_out_at: z.iso.datetime().nullable(),
  sold_pixels: z.number().int().nonnegative(),
  total_pixels: z.number().int().nonnegative(),
  /** The artist's 70% of the pixel sales in integer cents; null while the canvas still sells. */
  artist_share_cents: z.number().int().nonnegative().nullable(),
});
export type GalleryCanvas = z.infer<typeof GalleryCanvas>;

/** `GET /gallery`: the sold-out canvases, newest first, and the active one while it sells. */
export const GalleryResponse = z.object({
  success: z.literal(true),
  data: z.object({ canvases: z.array(GalleryCanvas), current: GalleryCanvas.nullable() }),
});
export type GalleryResponse = z.infer<typeof GalleryResponse>;
