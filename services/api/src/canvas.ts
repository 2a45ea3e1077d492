/** The active canvas (spec section 7, "Canvas and pixels"; section 3's Canvas (server)). */
import { z } from 'zod';

export const ActiveCanvas = z.object({
  canvas_index: z.number().int().nonnegative(),
  name: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  /** Beyond the spec: every pixel is sold and no next artwork was chosen yet (the gallery keeps it). */
  sold_out: z.boolean(),
});
export type ActiveCanvas = z.infer<typeof ActiveCanvas>;

/** `GET /canvases/active`: the active canvas as the first (only) item, an empty list when none. */
export const ActiveCanvasResponse = z.object({ success: z.literal(true), data: z.array(ActiveCanvas) });
export type ActiveCanvasResponse = z.infer<typeof ActiveCanvasResponse>;
