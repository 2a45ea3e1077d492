// A scripted canvas for the buyer's browser tests (e2e/buyer.e2e.ts, e2e/a11y.e2e.ts): the artist's
// design is one colour (DESIGN) everywhere; one pixel is sold (SOLD, in SOLD_COLOUR) both on the
// whole-canvas composites and on board 26's pixels. The live composite is white where unsold, the
// preview the design, as the renderer draws them.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { BOARD_SIZE, CANVAS_SIZE, canvasPixelOf } from '@tessera/facts/grid';
import { hexToRgb } from '@tessera/facts/colour';
import { USER, scriptAuthApi, seedUser, type Handler, type SeenRequest } from './scripted-auth.js';
import { lockHandlers } from './scripted-locks.js';
import { scriptPayments } from './scripted-payments.js';
import { skipTutorial } from './canvas-page.js';

export const BOARD = { canvasIndex: 2, boardIndex: 26 };
export const DESIGN = '#36558F';
export const SOLD_COLOUR = '#E0115F';
/** The sold pixel of board 26 (in-board) and where it is on the whole canvas. */
export const SOLD_IN_BOARD = { x: 10, y: 10 };
export const SOLD = canvasPixelOf(BOARD.boardIndex, SOLD_IN_BOARD.x, SOLD_IN_BOARD.y);

async function composite(unsold: string): Promise<Buffer> {
  const raw = Buffer.alloc(CANVAS_SIZE * CANVAS_SIZE * 3);
  const base = hexToRgb(unsold);
  for (let i = 0; i < CANVAS_SIZE * CANVAS_SIZE; i++) raw.set(base, i * 3);
  raw.set(hexToRgb(SOLD_COLOUR), (SOLD.y * CANVAS_SIZE + SOLD.x) * 3);
  return sharp(raw, { raw: { width: CANVAS_SIZE, height: CANVAS_SIZE, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

let images: Promise<{ live: Buffer; preview: Buffer }> | null = null;
function compositeImages() {
  images ??= Promise.all([composite('#FFFFFF'), composite(DESIGN)]).then(([live, preview]) => ({
    live,
    preview,
  }));
  return images;
}

/** Board 26 as the server lists it: every pixel with the design as its default, one sold. */
function boardPixels(): Handler {
  const data: unknown[] = [];
  for (let y = 0; y < BOARD_SIZE; y++)
    for (let x = 0; x < BOARD_SIZE; x++) {
      const sold = x === SOLD_IN_BOARD.x && y === SOLD_IN_BOARD.y;
      data.push({
        x,
        y,
        current_color: sold ? SOLD_COLOUR : '#FFFFFF',
        default_color: DESIGN,
        user_id: sold ? 'u-2' : null,
      });
    }
  return () => ({ status: 200, body: { success: true, data } });
}

/**
 * Scripts the API for the scene: signed in as USER (unless `guest`), the board's locks and pixels,
 * the sandbox payments, and the two composites. Returns the requests seen.
 */
export async function scriptScene(
  page: Page,
  opts: { guest?: boolean; extra?: Record<string, Handler> } = {},
): Promise<SeenRequest[]> {
  const { live, preview } = await compositeImages();
  const board = `GET /api/pixels/canvas/${BOARD.canvasIndex}/board/${BOARD.boardIndex}`;
  const { requests } = await scriptAuthApi(page, {
    ...lockHandlers(BOARD),
    ...scriptPayments(BOARD).handlers,
    [board]: boardPixels(),
    ...opts.extra,
  });
  // Registered last, so it answers the composite requests before scriptAuthApi's 1 x 1 image.
  await page.route('**/api/canvas-composite/**', (route) => {
    const url = new URL(route.request().url());
    const png = url.searchParams.get('preview') === 'true' ? preview : live;
    return route.fulfill({ status: 200, contentType: 'image/png', body: png });
  });
  await skipTutorial(page);
  if (!opts.guest) await seedUser(page, USER);
  return requests;
}

/** A colour as bytes, for comparing with what the browser shows. */
export const rgbOf = (hex: string): number[] => [...hexToRgb(hex)];

/** Each channel within `tolerance` of the expected one. */
export function near(actual: number[], expected: number[], tolerance = 4): boolean {
  return expected.every((c, i) => Math.abs((actual[i] ?? -999) - c) <= tolerance);
}
