// The data of the Server-Sent Events from GET /api/events (their names: @tessera/facts/live): `pixels`
// events carry committed (or moderation-reset) pixels of one board, mapped here to composite-image
// coordinates; `canvas:activated` and `canvas:soldout` name a canvas; `lock:<kind>` names a board and its
// holder. Bad payloads are ignored, never thrown.
import { canvasPixelOf, isBoardIndex, isPixelCoordinate } from '@tessera/facts/grid';
import { canonicalColor } from '@tessera/facts/colour';
import type { CanvasActivatedData, LivePixel, LockEventData, PixelsEventData } from '@tessera/api/live';
import { fieldsIn, fieldsOf, parseCanvasRecord, readInt, readString } from '../lib/json.js';

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
  const record = parseCanvasRecord(data);
  if (!record) return null;
  const { canvasIndex } = record;
  const body = fieldsIn<PixelsEventData>(record);
  const boardIndex = readInt(body.boardIndex);
  if (boardIndex === null || !isBoardIndex(boardIndex)) return null;
  if (!Array.isArray(body.pixels)) return null;
  const pixels: CanvasPixel[] = [];
  for (const item of body.pixels as unknown[]) {
    const raw = fieldsOf<LivePixel>(item);
    if (!raw) continue;
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

export interface CanvasEvent {
  canvasIndex: number;
  /** `canvas:activated` only: the new canvas's name ('' when not given). */
  name: string;
}

/** Parses the data of `canvas:activated` / `canvas:soldout`; null when it names no canvas. */
export function parseCanvasEvent(data: string): CanvasEvent | null {
  const record = parseCanvasRecord(data);
  if (!record) return null;
  const body = fieldsIn<CanvasActivatedData>(record);
  return { canvasIndex: record.canvasIndex, name: typeof body.name === 'string' ? body.name : '' };
}

export interface LockEvent {
  canvasIndex: number;
  boardIndex: number;
  /** The holder (null when not given). */
  userId: string | null;
  /** When the change happened, epoch ms (null when not given). */
  at: number | null;
}

/** Parses the data of a `lock:<kind>` event; null when it names no board. */
export function parseLockEvent(data: string): LockEvent | null {
  const record = parseCanvasRecord(data);
  if (!record) return null;
  const body = fieldsIn<LockEventData>(record);
  const boardIndex = readInt(body.boardIndex);
  if (boardIndex === null || !isBoardIndex(boardIndex)) return null;
  return {
    canvasIndex: record.canvasIndex,
    boardIndex,
    userId: readString(body.userId),
    at: typeof body.at === 'number' && Number.isFinite(body.at) ? body.at : null,
  };
}
