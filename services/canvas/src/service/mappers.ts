/** Stored documents -> contract messages. */
import { create } from '@bufbuild/protobuf';
import {
  BoardSchema,
  CanvasSchema,
  type Board,
  type Canvas,
} from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import type { BoardView } from '../adapters/boards.js';
import { TOTAL_PIXELS } from '@tessera/facts/grid';
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

/** Owners as a slot per pixel (uint16 LE, 0 = unsold, n = ownerIds[n - 1]) plus the distinct ids. */
export function packOwners(owners: readonly (string | null)[]): {
  ownerSlots: Uint8Array;
  ownerIds: string[];
} {
  const ownerIds: string[] = [];
  const slotOf = new Map<string, number>();
  const slots = Buffer.alloc(owners.length * 2);
  owners.forEach((o, i) => {
    if (o === null || o === undefined) return;
    let n = slotOf.get(o);
    if (n === undefined) {
      ownerIds.push(o);
      n = ownerIds.length;
      slotOf.set(o, n);
    }
    slots.writeUInt16LE(n, i * 2);
  });
  return { ownerSlots: slots, ownerIds };
}
