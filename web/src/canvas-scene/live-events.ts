// Server-Sent Events from GET /api/events: `pixels` events carry committed (or moderation-reset) pixels
// of one board, mapped here to composite-image coordinates; `canvas:activated` and `canvas:soldout` name
// a canvas. Bad payloads are ignored, never thrown.
import { canvasPixelOf, isBoardIndex, isPixelCoordinate } from '@tessera/facts/grid';
import { canonicalColor } from '@tessera/facts/colour';
import { isRecord, parseCanvasRecord, readInt } from '../lib/json.js';

export interface CanvasPixel {
  /** Composite-image coordinates at scale 1 (0..1224). */
  x: number;
  y: number;
  color: string;
}

export interface PixelsEvent {
  canvasIndex: number;
  boardIndex: number;
  pixels: CanvasPixel[];
}

/** Parses the data of a `pixels` event; null when it is not usable. Invalid pixels are skipped. */
export function parsePixelsEvent(data: string): PixelsEvent | null {
  const body = parseCanvasRecord(data);
  if (!body) return null;
  const { canvasIndex } = body;
  const boardIndex = readInt(body.boardIndex);
  if (boardIndex === null || !isBoardIndex(boardIndex)) return null;
  if (!Array.isArray(body.pixels)) return null;
  const pixels: CanvasPixel[] = [];
  for (const raw of body.pixels as unknown[]) {
    if (!isRecord(raw)) continue;
    const x = readInt(raw.x);
    const y = readInt(raw.y);
    // the servers send the wire form '#RRGGBB' only; anything else is not a colour to paint
    const color = canonicalColor(raw.color);
    if (x === null || y === null || !isPixelCoordinate(x) || !isPixelCoordinate(y) || color === undefined)
      continue;
    pixels.push({ ...canvasPixelOf(boardIndex, x, y), color });
  }
  return { canvasIndex, boardIndex, pixels };
}

/** Names of the realtime events the canvas page listens to. */
export const LIVE_EVENT_NAMES = {
  pixels: 'pixels',
  lockPrefix: 'lock:',
  canvasActivated: 'canvas:activated',
  canvasSoldOut: 'canvas:soldout',
} as const;

export interface CanvasEvent {
  canvasIndex: number;
  /** `canvas:activated` only: the new canvas's name ('' when not given). */
  name: string;
}

/** Parses the data of `canvas:activated` / `canvas:soldout`; null when it names no canvas. */
export function parseCanvasEvent(data: string): CanvasEvent | null {
  const body = parseCanvasRecord(data);
  if (!body) return null;
  return { canvasIndex: body.canvasIndex, name: typeof body.name === 'string' ? body.name : '' };
}
