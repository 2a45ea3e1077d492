/**
 * The hand-over (design brief "Iterations"; issue 12): when a canvas sells out, the active submission
 * with the highest net score becomes the next canvas. One method, `promote`, serves the operators'
 * PromoteSubmission and the durable consumer of `tessera.canvas.soldout`:
 *
 * 1. a promotion record `from-<canvas>` is started for the canvas being replaced, naming the chosen
 *    submission (its unique id makes a redelivery, a second consumer or an operator resume it);
 * 2. the submission is taken out of the vote (active -> promoting, a conditional update);
 * 3. its image is read from the object store and rasterised by the renderer to 1225x1225 colours;
 * 4. the canvas service creates and activates the canvas (name = title, description, source
 *    submission id); CreateCanvas answers the existing canvas for a source submission it has seen,
 *    so a crash after this step and a retry end in one canvas; the record notes the canvas;
 * 5. the submission is marked featured and the record done.
 * A crash between any two steps leaves a record that the next attempt continues from. Without any
 * active submission nothing happens (logged) and the gallery keeps the sold-out canvas.
 */
import { SUBJECTS } from '@tessera/facts/subjects';
import { decodeEvent } from '@tessera/facts/events';
import { SUBMISSION_MESSAGES } from '@tessera/facts/submissions';
import { appError, withSpan, type BusMessage } from '@tessera/kit';
import { promotionId, type PromotionDoc } from '../adapters/promotions.js';
import type { SubmissionDoc } from '../domain/submission.js';
import type { SubmissionDeps } from './deps.js';
import { publishDeleted } from './submission-events.js';

export const SOLDOUT_OPERATOR = 'soldout';

export interface PromotionResult {
  submission: SubmissionDoc;
  canvasIndex: number;
}

export class Promotion {
  constructor(private readonly deps: SubmissionDeps) {}

  /** Handler of `tessera.canvas.soldout` (a durable consumer): a failure is retried by redelivery. */
  async onSoldOut(msg: BusMessage): Promise<void> {
    const e = decodeEvent(SUBJECTS.canvasSoldOut, msg.data);
    await this.promote({ fromCanvas: e.canvasIndex, operator: SOLDOUT_OPERATOR });
  }

  /**
   * Makes a submission (the top-voted active one when none is named) the next canvas, replacing
   * `fromCanvas` (the sold-out canvas; for an operator, the active canvas). Idempotent per canvas
   * replaced. Null when there is nothing to promote.
   */
  async promote(opts: {
    fromCanvas?: number;
    submissionId?: string;
    operator: string;
  }): Promise<PromotionResult | null> {
    return withSpan(
      'submission.promote',
      { 'tessera.operator': opts.operator, 'tessera.submission_id': opts.submissionId ?? '' },
      async (span) => {
        const result = await this.run(opts);
        if (result)
          span.setAttributes({
            'tessera.canvas_index': result.canvasIndex,
            'tessera.submission_id': result.submission._id,
          });
        return result;
      },
    );
  }

  private async run(opts: {
    fromCanvas?: number;
    submissionId?: string;
    operator: string;
  }): Promise<PromotionResult | null> {
    const { logger } = this.deps;
    const soldOut = opts.fromCanvas !== undefined;
    const active = await this.activeCanvas();
    const fromCanvas = opts.fromCanvas ?? active ?? -1;
    const id = promotionId(fromCanvas);
    let record = await this.deps.promotions.get(id);
    if (!record) {
      if (soldOut && active !== null && active !== fromCanvas) {
        logger.info({ fromCanvas, active }, 'sold-out canvas is no longer the active one: no hand-over');
        return null;
      }
      record = await this.begin(id, fromCanvas, opts);
      if (!record) return null;
    } else if (opts.submissionId && record.submissionId !== opts.submissionId) {
      throw appError(
        'CONFLICT',
        `A hand-over from canvas ${fromCanvas} is already under way with submission ${record.submissionId}`,
      );
    }
    return this.finish(record);
  }

  private async activeCanvas(): Promise<number | null> {
    const { canvas } = await this.deps.canvas.getActiveCanvas({});
    return canvas ? canvas.canvasIndex : null;
  }

  /** Steps 1 and 2: a record naming a submission that is now out of the vote; null when none is left. */
  private async begin(
    id: string,
    fromCanvas: number,
    opts: { submissionId?: string; operator: string },
  ): Promise<PromotionDoc | null> {
    const { submissions, promotions, now, logger } = this.deps;
    for (let attempt = 0; attempt < 5; attempt++) {
      const chosen = opts.submissionId ? await submissions.get(opts.submissionId) : await submissions.top();
      if (!chosen || chosen.status !== 'active') {
        if (opts.submissionId)
          throw appError('NOT_FOUND', SUBMISSION_MESSAGES.notFound, { field: 'submission_id' });
        logger.info({ fromCanvas }, 'no active submission: the gallery keeps the sold-out canvas');
        return null;
      }
      const doc: PromotionDoc = {
        _id: id,
        fromCanvas,
        submissionId: chosen._id,
        operator: opts.operator,
        state: 'started',
        startedAt: now(),
        updatedAt: now(),
      };
      const started = await promotions.start(doc);
      if (!started) continue; // another's record, abandoned again meanwhile: choose again
      if (!started.inserted) {
        const other = started.doc;
        if (opts.submissionId && other.submissionId !== opts.submissionId)
          throw appError(
            'CONFLICT',
            `A hand-over from canvas ${fromCanvas} is already under way with submission ${other.submissionId}`,
          );
        return other;
      }
      const taken = await submissions.end(chosen._id, 'promoting', {
        promotionId: id,
        endedAt: now(),
        endedBy: opts.operator,
      });
      if (taken) {
        logger.info(
          { fromCanvas, submissionId: chosen._id, operator: opts.operator, netScore: chosen.netScore },
          'hand-over started',
        );
        await publishDeleted(this.deps, chosen, now());
        return doc;
      }
      // deleted or removed since it was read: choose again
      await promotions.abandon(id);
    }
    throw appError('CONFLICT', 'The submissions changed too often to choose one. Please try again.');
  }

  /** Steps 3 to 5, from wherever the record got to. */
  private async finish(record: PromotionDoc): Promise<PromotionResult> {
    const { submissions, promotions, objects, renderer, canvas, now, logger } = this.deps;
    const sub = await submissions.get(record.submissionId);
    if (!sub) throw new Error(`submission ${record.submissionId} of ${record._id} is missing`);
    if (sub.status === 'active') {
      // a crash between the record and step 2
      const taken = await submissions.end(sub._id, 'promoting', {
        promotionId: record._id,
        endedAt: now(),
        endedBy: record.operator,
      });
      if (!taken) throw new Error(`submission ${sub._id} could not be taken for ${record._id}`);
    } else if (sub.promotionId !== record._id) {
      throw new Error(`submission ${sub._id} is ${sub.status}, not taken by ${record._id}`);
    }
    let canvasIndex = record.canvasIndex;
    if (record.state === 'started' || canvasIndex === undefined) {
      const image = await objects.get(sub.imageKey);
      if (!image) throw new Error(`image ${sub.imageKey} of submission ${sub._id} is missing`);
      const { defaultColors } = await renderer.rasterizeArtwork({ image: image.data });
      const created = await canvas.createCanvas({
        name: sub.title,
        description: sub.description,
        defaultColors,
        activate: true,
        sourceSubmissionId: sub._id,
        artist: sub.username,
      });
      if (!created.canvas) throw new Error('the canvas service created no canvas');
      canvasIndex = created.canvas.canvasIndex;
      await promotions.advance(record._id, 'created', { canvasIndex }, now());
      logger.info(
        { promotion: record._id, submissionId: sub._id, canvasIndex },
        'next canvas created and activated',
      );
    }
    const featured =
      (await submissions.end(sub._id, 'featured', { featuredCanvasIndex: canvasIndex }, ['promoting'], {
        promotionId: record._id,
      })) ?? (await submissions.get(sub._id));
    await promotions.advance(record._id, 'done', { canvasIndex }, now());
    logger.info(
      { promotion: record._id, submissionId: sub._id, canvasIndex, operator: record.operator },
      'hand-over done: submission featured',
    );
    return { submission: featured ?? sub, canvasIndex };
  }
}
