/**
 * Artist selection (spec section 7 "Artist selection"; shapes in bff/README.md "Artist selection
 * API"): the submission list (guests too; a signed-in viewer gets their own votes), creating and
 * deleting a submission, votes, and the signed upload form. The upload itself and the images are in
 * artist-uploads.ts. The submission service decides every rule and message; these routes read the
 * request strictly, rate-limit the state-changing calls per user and map the answers.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import { IMAGE_MESSAGES } from '@tessera/facts/artwork';
import { isVoteType, paginationJson, SUBMISSION_MESSAGES } from '@tessera/facts/submissions';
import {
  submissionJson,
  type NewSubmissionRequest,
  type SubmissionCreated,
  type SubmissionDeleted,
  type SubmissionList,
  type UploadTarget,
  type UploadUrlAnswer,
  type UploadUrlRequest,
  type VoteAnswer,
  type VoteRequest,
} from '@tessera/api/submissions';
import type { Unchecked } from '@tessera/api/request';
import { SortOrder } from '@tessera/proto/tessera/submission/v1/submission_pb.js';
import type { BffDeps } from '../deps.js';
import { authOf, getAuth, optionalAuth, requireAuth } from '../auth/middleware.js';
import { noStore } from '../http/no-store.js';
import { HttpError } from '../middleware/errors.js';
import { RateLimiter, rateRule, type RateRule } from '../middleware/rate-limit.js';
import { listQuery, submissionId } from '../artist/params.js';
import { bodyOf, readText } from '../http/params.js';

/** Per signed-in user (AUTH_RATE_LIMIT_SCALE multiplies each, like the sign-in limits). */
export const ARTIST_RATE_LIMITS = {
  create: rateRule('artist:create', 20, 60),
  delete: rateRule('artist:delete', 30, 60),
  vote: rateRule('artist:vote', 300, 5),
  uploadUrl: rateRule('artist:upload-url', 60, 60),
} as const satisfies Record<string, RateRule>;

export function artistSelectionRoutes(router: Router, deps: BffDeps): void {
  const { peers } = deps;
  const auth = requireAuth(deps);
  const limiter = new RateLimiter(deps.kv, deps.logger, deps.config.auth.rateLimitScale);
  const limit = (ctx: Context, rule: RateRule) => limiter.enforce(ctx, rule, authOf(ctx).userId);

  router.get('/api/artist-selection/submissions', optionalAuth(deps), async (ctx) => {
    const q = listQuery(ctx);
    const r = await peers.submission.listSubmissions({
      sort: q.sort === 'new' ? SortOrder.NEW : SortOrder.HOT,
      page: q.page,
      limit: q.limit,
      search: q.search,
      viewerUserId: getAuth(ctx)?.userId ?? '',
    });
    noStore(ctx);
    ctx.body = {
      success: true,
      data: r.submissions.map(submissionJson),
      pagination: paginationJson(r),
    } satisfies SubmissionList;
  });

  router.post('/api/artist-selection/submissions', auth, async (ctx) => {
    const caller = authOf(ctx);
    await limit(ctx, ARTIST_RATE_LIMITS.create);
    const body: Unchecked<NewSubmissionRequest> = bodyOf(ctx);
    const title = readText(body.title, 'title', { max: 2000 });
    const description = readText(body.description, 'description', { max: 10_000 });
    const imageUrl = readText(body.imageUrl, 'imageUrl', { max: 2000 });
    let username = caller.username ?? '';
    if (!username) {
      const { users } = await peers.identity.getUsers({ userIds: [caller.userId] });
      username = users[0]?.username ?? '';
    }
    // still none: the service refuses it ("Please choose a username...", field username)
    const { submission } = await peers.submission.createSubmission({
      userId: caller.userId,
      username,
      title,
      description,
      imageUrl,
    });
    if (!submission) throw new Error('submission service returned no submission');
    noStore(ctx);
    ctx.status = 201;
    ctx.body = { success: true, data: submissionJson(submission) } satisfies SubmissionCreated;
  });

  router.delete('/api/artist-selection/submissions/:id', auth, async (ctx) => {
    const id = submissionId(ctx.params.id);
    await limit(ctx, ARTIST_RATE_LIMITS.delete);
    await peers.submission.deleteSubmission({ userId: authOf(ctx).userId, submissionId: id });
    ctx.body = { success: true, message: SUBMISSION_MESSAGES.deleted } satisfies SubmissionDeleted;
  });

  router.post('/api/artist-selection/submissions/:id/vote', auth, async (ctx) => {
    const id = submissionId(ctx.params.id);
    const { voteType } = bodyOf(ctx) as Unchecked<VoteRequest>;
    if (!isVoteType(voteType))
      throw new HttpError('VALIDATION_ERROR', SUBMISSION_MESSAGES.invalidVote, 'voteType');
    await limit(ctx, ARTIST_RATE_LIMITS.vote);
    const r = await peers.submission.vote({ userId: authOf(ctx).userId, submissionId: id, voteType });
    noStore(ctx);
    ctx.body = {
      success: true,
      data: { userVoteType: r.userVoteType, netScore: r.netScore, deleted: r.deleted },
    } satisfies VoteAnswer;
  });

  router.post('/api/artist-selection/upload-url', auth, async (ctx) => {
    const body: Unchecked<UploadUrlRequest> = bodyOf(ctx);
    const filename = readText(body.filename, 'filename', { max: 1000 });
    const contentType = readText(body.contentType, 'contentType', { max: 200 });
    const fileSize = body.fileSize;
    if (typeof fileSize !== 'number' || !Number.isSafeInteger(fileSize))
      throw new HttpError('VALIDATION_ERROR', IMAGE_MESSAGES.api.size, 'fileSize');
    await limit(ctx, ARTIST_RATE_LIMITS.uploadUrl);
    const r = await peers.submission.createUploadUrl({
      userId: authOf(ctx).userId,
      filename,
      contentType,
      fileSize: Math.max(-1, Math.min(fileSize, 0x7fffffff)),
    });
    noStore(ctx);
    const data: UploadTarget = { uploadUrl: r.uploadUrl, fields: r.fields, imageUrl: r.imageUrl };
    ctx.body = { success: true, data } satisfies UploadUrlAnswer;
  });
}
