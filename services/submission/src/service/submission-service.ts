/**
 * The submission service: one object per process, built from injected dependencies (setup.ts wires
 * the real ones) and exposed over Connect by routes.ts. Submissions (create, list, delete, operator
 * removal) live here; votes in voting.ts (who may vote in eligibility.ts, the migration of older
 * votes in vote-migration.ts), uploads in uploads.ts, the hand-over in promotion.ts and
 * the verified contributors in contributors.ts.
 */
import { randomUUID } from 'node:crypto';
import { artworkTextsProblem, imageUrlOf } from '@tessera/facts/artwork';
import { userIdProblem } from '@tessera/facts/inputs';
import { appError, refuseInput } from '@tessera/kit';
import type { Submission } from '@tessera/proto/tessera/submission/v1/submission_pb.js';
import { findProhibited } from '../domain/moderation.js';
import {
  isSubmissionId,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  pageOf,
  SEARCH_MAX,
  searchTerm,
  SUBMISSION_MESSAGES,
  type SortOrder,
} from '@tessera/facts/submissions';
import type { SubmissionDoc } from '../domain/submission.js';
import { Contributors } from './contributors.js';
import type { SubmissionDeps } from './deps.js';
import { Promotion } from './promotion.js';
import { publishCreated, publishDeleted } from './submission-events.js';
import { Uploads } from './uploads.js';
import { VoterEligibility } from './eligibility.js';
import { VoteMigration } from './vote-migration.js';
import { Voting } from './voting.js';
import { toSubmission } from './views.js';

export type { SubmissionDeps } from './deps.js';

export interface ListQuery {
  sort: SortOrder;
  page: number;
  limit: number;
  search: string;
  viewerUserId: string;
}

export class SubmissionService {
  readonly votes: Voting;
  readonly uploads: Uploads;
  readonly promotion: Promotion;
  readonly contributors: Contributors;
  readonly eligibility: VoterEligibility;
  readonly voteMigration: VoteMigration;

  constructor(readonly deps: SubmissionDeps) {
    this.eligibility = new VoterEligibility(deps);
    this.votes = new Voting(deps, this.eligibility);
    this.voteMigration = new VoteMigration(deps, this.votes, this.eligibility);
    this.uploads = new Uploads(deps);
    this.promotion = new Promotion(deps);
    this.contributors = new Contributors(deps);
  }

  /** A submission id from a request: well-formed, else NOT_FOUND (it cannot name a submission). */
  static checkId(id: string): string {
    if (!isSubmissionId(id)) throw appError('NOT_FOUND', SUBMISSION_MESSAGES.notFound, { field: 'id' });
    return id;
  }

  async list(q: ListQuery) {
    const page = q.page === 0 ? 1 : q.page;
    const limit = q.limit === 0 ? PAGE_SIZE : q.limit;
    if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE)
      throw appError('VALIDATION_ERROR', `page must be an integer from 1 to ${MAX_PAGE}`, { field: 'page' });
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE)
      throw appError('VALIDATION_ERROR', `limit must be an integer from 1 to ${MAX_PAGE_SIZE}`, {
        field: 'limit',
      });
    if (q.search.length > SEARCH_MAX)
      throw appError('VALIDATION_ERROR', `search must be at most ${SEARCH_MAX} characters`, {
        field: 'search',
      });
    const search = searchTerm(q.search);
    const { submissions } = this.deps;
    const total = await submissions.count(search);
    const p = pageOf(total, page, limit);
    const docs = await submissions.list(q.sort, search, p.skip, p.limit);
    return { submissions: await this.views(docs, q.viewerUserId), page: p };
  }

  /** Submissions with the viewer's votes and the owners' verified-contributor badges. */
  private async views(docs: SubmissionDoc[], viewer: string): Promise<Submission[]> {
    const ids = docs.map((d) => d._id);
    const [mine, verified] = await Promise.all([
      viewer ? this.deps.votes.valuesOf(viewer, ids) : Promise.resolve(new Map<string, number>()),
      this.contributors.verified(docs.map((d) => d.userId)),
    ]);
    return docs.map((d) => toSubmission(d, mine.get(d._id) ?? 0, verified.has(d.userId)));
  }

  async getUserSubmission(userId: string): Promise<Submission | undefined> {
    refuseInput(userIdProblem(userId));
    const doc = await this.deps.submissions.activeOf(userId);
    if (!doc) return undefined;
    return (await this.views([doc], userId))[0];
  }

  async create(input: {
    userId: string;
    username: string;
    title: string;
    description: string;
    imageUrl: string;
  }): Promise<Submission> {
    const { submissions, now, logger } = this.deps;
    if (!input.userId) throw appError('UNAUTHORIZED', 'Authentication required');
    if (!input.username.trim())
      throw appError('VALIDATION_ERROR', SUBMISSION_MESSAGES.usernameRequired, { field: 'username' });
    const problem = artworkTextsProblem(input);
    if (problem) throw appError('VALIDATION_ERROR', problem.message, { field: problem.field });
    const title = input.title.trim();
    const description = input.description.trim();
    const prohibited = findProhibited(`${title}\n${description}`);
    if (prohibited) {
      logger.info({ userId: input.userId }, 'submission refused by the moderation list');
      throw appError('CONTENT_REJECTED', SUBMISSION_MESSAGES.contentRejected, {
        field: findProhibited(title) ? 'title' : 'description',
      });
    }
    if (await submissions.activeOf(input.userId))
      throw appError('CONFLICT', SUBMISSION_MESSAGES.activeExists);
    const imageKey = await this.uploads.ownedImage(input.userId, input.imageUrl);
    const doc: SubmissionDoc = {
      _id: randomUUID(),
      userId: input.userId,
      username: input.username.trim(),
      title,
      description,
      imageKey,
      imageUrl: imageUrlOf(imageKey),
      createdAt: now(),
      netScore: 0,
      status: 'active',
    };
    if (!(await submissions.insertActive(doc))) throw appError('CONFLICT', SUBMISSION_MESSAGES.activeExists);
    logger.info({ submissionId: doc._id, userId: doc.userId }, 'submission created');
    await publishCreated(this.deps, doc, doc.createdAt);
    return (await this.views([doc], doc.userId))[0]!;
  }

  /** The owner deletes their active submission (403 for anyone else, 404 when it is gone). */
  async delete(userId: string, id: string): Promise<void> {
    SubmissionService.checkId(id);
    const { submissions, now } = this.deps;
    const doc = await submissions.get(id);
    if (!doc || doc.status !== 'active')
      throw appError('NOT_FOUND', SUBMISSION_MESSAGES.notFound, { field: 'id' });
    if (doc.userId !== userId)
      throw appError('FORBIDDEN', SUBMISSION_MESSAGES.deleteForbidden, { field: 'id' });
    const ended = await submissions.end(id, 'deleted', { endedAt: now(), endedBy: userId }, ['active'], {
      userId,
    });
    if (!ended) throw appError('NOT_FOUND', SUBMISSION_MESSAGES.notFound, { field: 'id' });
    this.deps.logger.info({ submissionId: id, userId }, 'submission deleted by its owner');
    await this.deleted(ended);
  }

  /**
   * Operator removal of any listed submission, audited with the operator and the reason; its image
   * is deleted from the object store.
   */
  async remove(id: string, reason: string, operator: string): Promise<boolean> {
    SubmissionService.checkId(id); // the operator and the reason are checked by routes.ts (facts' audit rule)
    const ended = await this.deps.submissions.end(id, 'removed', {
      endedAt: this.deps.now(),
      endedBy: `operator:${operator.trim()}`,
      endReason: reason.trim(),
    });
    // an id that never existed is the operator's mistake, not a removal done before
    if (!ended && !(await this.deps.submissions.get(id)))
      throw appError('NOT_FOUND', SUBMISSION_MESSAGES.notFound, { field: 'submission_id' });
    this.deps.logger.info(
      {
        audit: true,
        action: 'RemoveSubmission',
        submissionId: id,
        operator: operator.trim(),
        reason: reason.trim(),
        removed: ended !== null,
      },
      'operator removal of a submission',
    );
    if (ended) {
      // moderation: the removed image is no longer served either
      await this.deps.objects.delete(ended.imageKey);
      await this.deleted(ended);
    }
    return ended !== null;
  }

  private async deleted(doc: SubmissionDoc): Promise<void> {
    await publishDeleted(this.deps, doc, this.deps.now());
  }

  /** The active submission with the highest net score (ties: the newest), or undefined. */
  async winning(): Promise<Submission | undefined> {
    const doc = await this.deps.submissions.top();
    return doc ? (await this.views([doc], ''))[0] : undefined;
  }
}
