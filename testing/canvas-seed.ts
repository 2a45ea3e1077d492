/**
 * Test-only seeding of a stack's canvas store before the stack starts (while no canvas process has
 * it open): the canvas service's own code opens `<DATA_DIR>/canvas`, and the canvas harness's
 * `sellAllBut` writes sold pixels straight into the store, one conditional replace per board.
 */
import { PIXELS_PER_BOARD } from '@tessera/facts/grid';
import { sellAllBut, startHarness as startCanvasHarness, type CanvasService } from '@tessera/canvas/testing';

/** Opens the canvas store of the stack whose DATA_DIR is `dataDir` and hands its core to `seed`. */
export async function seedCanvasStore(dataDir: string, seed: (core: CanvasService) => Promise<void>) {
  const h = await startCanvasHarness({ dir: `${dataDir}/canvas` });
  try {
    await seed(h.core);
  } finally {
    await h.close();
  }
}

/** A pixel: board index, x and y on the board. */
export type BoardPixel = readonly [board: number, x: number, y: number];

export interface NearlySoldOut {
  name: string;
  description: string;
  artist?: string;
  /** The artwork's one colour on every pixel, RRGGBB (no '#'). */
  colour: string;
  /** The pixels left for sale; every other pixel is sold (to `early-bird`). */
  left: readonly BoardPixel[];
  /** The sold pixels show the artist's colour (sellAllBut's artistColours); default true. */
  artistColours?: boolean;
}

/**
 * Seeds a new active canvas in one colour whose every pixel is sold but `canvas.left`, in the store
 * of the stack whose DATA_DIR is `dataDir` (not started yet). Answers the canvas's index.
 */
export async function seedNearlySoldOut(dataDir: string, canvas: NearlySoldOut): Promise<number> {
  const { colour, left, artistColours = true, ...art } = canvas;
  let index = 0;
  await seedCanvasStore(dataDir, async (core) => {
    const made = await core.createCanvas({
      ...art,
      colorsOf: () => colour.repeat(PIXELS_PER_BOARD),
      activate: true,
    });
    index = made.canvasIndex;
    await sellAllBut(core, index, left, { artistColours });
  });
  return index;
}
