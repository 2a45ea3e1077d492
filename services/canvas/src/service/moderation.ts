/**
 * ResetPixel (operators, through `npm run ops -- reset-pixels`): the rule is pure
 * (domain/moderation.ts); here it is one step of the board's group commit (board-writer.ts, the
 * writer the purchases use), so a reset waits in the board's queue with the sales and is stored by
 * the same conditional replace as the steps beside it, instead of racing their writes; then
 * `tessera.pixels.reset` is published (id `reset-<canvas>-<board>-<x>-<y>`) so the renderer's frames
 * and open browsers update. A repeated reset of the same pixel changes nothing and publishes the
 * event again (deduplicated by its id), so a publish lost after the write is repaired by a retry.
 */
import { create } from '@bufbuild/protobuf';
import { SUBJECTS } from '@tessera/facts/subjects';
import { publishEvent, refuseInput } from '@tessera/kit';
import {
  ResetPixelResponseSchema,
  type ResetPixelRequest,
  type ResetPixelResponse,
} from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { resetPixel } from '../domain/moderation.js';
import type { BoardWriter } from './board-writer.js';
import type { CanvasDeps } from './deps.js';
import type { SummaryCache } from './summaries.js';
import { checkBoardIndex } from './validate.js';

/** What a reset needs, passed explicitly by the canvas service (not the service itself). */
export interface ModerationDeps {
  deps: Pick<CanvasDeps, 'bus' | 'logger' | 'now'>;
  summaries: SummaryCache;
  /** The board's group commit, shared with the purchases. */
  writer: BoardWriter;
}

export class Moderation {
  constructor(private readonly use: ModerationDeps) {}

  async reset(req: ResetPixelRequest): Promise<ResetPixelResponse> {
    checkBoardIndex(req.boardIndex);
    const { deps, summaries, writer } = this.use;
    const now = deps.now();
    // the writer notes each write in the summaries; a repeated reset writes nothing
    const { doc: board, result } = await writer.apply(req.canvasIndex, req.boardIndex, (doc) => {
      const out = resetPixel(doc, req, now);
      return { next: out.ok && !out.alreadyReset ? out.board : null, result: out };
    });
    refuseInput(result.problem);
    const { entry, alreadyReset } = result;
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
    await publishEvent(
      deps.bus,
      SUBJECTS.pixelsReset,
      {
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
      },
      { msgId: `reset-${req.canvasIndex}-${req.boardIndex}-${entry.x}-${entry.y}` },
    );
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
