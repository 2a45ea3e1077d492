/**
 * ResetPixel (operators, through `npm run ops -- reset-pixels`): the rule is pure
 * (domain/moderation.ts); here it is applied with one conditional replace of the board on
 * (_id, version), re-read and recomputed when another write won the race, and then
 * `tessera.pixels.reset` is published (id `reset-<canvas>-<board>-<x>-<y>`) so the renderer's frames
 * and open browsers update. A repeated reset of the same pixel changes nothing and publishes the
 * event again (deduplicated by its id), so a publish lost after the write is repaired by a retry.
 */
import { create } from '@bufbuild/protobuf';
import { encodeEvent } from '@tessera/facts/events';
import { SUBJECTS } from '@tessera/facts/subjects';
import { appError } from '@tessera/kit';
import {
  ResetPixelResponseSchema,
  type ResetPixelRequest,
  type ResetPixelResponse,
} from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { resetPixel, type ResetOutcome } from '../domain/moderation.js';
import type { CanvasService } from './canvas-service.js';
import { checkBoardIndex } from './validate.js';

const MAX_CAS_ATTEMPTS = 50;

export class Moderation {
  constructor(private readonly core: CanvasService) {}

  async reset(req: ResetPixelRequest): Promise<ResetPixelResponse> {
    checkBoardIndex(req.boardIndex);
    const { deps, summaries } = this.core;
    let out: ResetOutcome | undefined;
    for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS && !out; attempt++) {
      const doc = await this.core.getBoardDoc(req.canvasIndex, req.boardIndex);
      const step = resetPixel(doc, req, deps.now());
      if (!step.ok) throw appError('VALIDATION_ERROR', step.message, { field: step.field });
      if (step.alreadyReset || (await deps.boards.replaceIfVersion(step.board, doc.version))) out = step;
    }
    if (!out?.ok) throw appError('SERVICE_UNAVAILABLE', 'The board is busy; please try again');
    const { board, entry, alreadyReset } = out;
    summaries.note(req.canvasIndex, req.boardIndex, board.soldCount, board.version);
    if (!alreadyReset)
      deps.logger.info(
        {
          canvasIndex: req.canvasIndex,
          boardIndex: req.boardIndex,
          x: entry.x,
          y: entry.y,
          operator: entry.operator,
          reason: entry.reason,
          previousColor: entry.previousColor,
          previousOwner: entry.previousOwner,
        },
        'pixel reset by an operator',
      );
    const canvasVersion = (await summaries.get(req.canvasIndex)).version();
    const event = encodeEvent(SUBJECTS.pixelsReset, {
      canvasIndex: req.canvasIndex,
      boardIndex: req.boardIndex,
      x: entry.x,
      y: entry.y,
      color: entry.color,
      reason: entry.reason,
      operator: entry.operator,
      resetAtMs: entry.at,
      canvasVersion,
      boardVersion: board.version,
    });
    await deps.bus.publish(SUBJECTS.pixelsReset, event, {
      msgId: `reset-${req.canvasIndex}-${req.boardIndex}-${entry.x}-${entry.y}`,
    });
    return create(ResetPixelResponseSchema, {
      reset: !alreadyReset,
      color: entry.color,
      previousColor: entry.previousColor,
      ownerId: entry.previousOwner,
      operator: entry.operator,
      reason: entry.reason,
      resetAtMs: entry.at,
    });
  }
}
