/** Stored documents -> contract messages. */
import { create } from '@bufbuild/protobuf';
import {
  BoardSchema,
  CanvasSchema,
  PixelKind,
  PixelRecordSchema,
  type Board,
  type Canvas,
  type PixelRecord,
} from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import type { PixelRecordView } from '../domain/pixel-info.js';
import type { BoardView } from '../adapters/boards.js';
import { TOTAL_PIXELS } from '@tessera/facts/grid';
import { packOwners } from '@tessera/facts/owners';
import type { CanvasDoc, CanvasSummary } from '../domain/canvas.js';

export function toCanvas(
  doc: CanvasDoc,
  activeIndex: number,
  activatedAt: number,
  summary: CanvasSummary,
): Canvas {
  const sold = summary.soldPixels();
  return create(CanvasSchema, {
    canvasIndex: doc.canvasIndex,
    name: doc.name,
    description: doc.description,
    isActive: doc.canvasIndex === activeIndex,
    createdAtMs: doc.createdAt,
    activatedAtMs: doc.canvasIndex === activeIndex ? activatedAt : 0,
    soldPixels: sold,
    totalPixels: TOTAL_PIXELS,
    soldOut: doc.soldOut || sold >= TOTAL_PIXELS,
    version: summary.version(),
    soldOutAtMs: doc.soldOutAt,
    artist: doc.artist ?? '',
  });
}

export function toBoard(doc: BoardView): Board {
  return create(BoardSchema, {
    canvasIndex: doc.canvasIndex,
    boardIndex: doc.boardIndex,
    defaultColors: Buffer.from(doc.defaultColors, 'hex'),
    currentColors: Buffer.from(doc.currentColors, 'hex'),
    ...packOwners(doc.owners),
    soldCount: doc.soldCount,
    version: doc.version,
    lastModifiedMs: doc.lastModified,
  });
}

const KIND = { artist: PixelKind.ARTIST, custom: PixelKind.CUSTOM } as const;

export function toPixelRecord(view: PixelRecordView): PixelRecord {
  return create(PixelRecordSchema, {
    boardIndex: view.boardIndex,
    x: view.x,
    y: view.y,
    currentColor: view.currentColor,
    defaultColor: view.defaultColor,
    ownerId: view.ownerId ?? '',
    soldAtMs: view.soldAtMs,
    kind: view.kind === null ? PixelKind.UNSPECIFIED : KIND[view.kind],
    kindRecorded: view.kindRecorded,
    reset: view.reset,
  });
}
