import type { ConnectRouter } from '@connectrpc/connect';
import { paginationJson } from '@tessera/facts/submissions';
import { appError } from '@tessera/kit';
import {
  SortOrder,
  SubmissionService as SubmissionRpc,
} from '@tessera/proto/tessera/submission/v1/submission_pb.js';
import { toSubmission } from './service/views.js';
import { SubmissionService } from './service/submission-service.js';
import { checkAudit, checkGivenUserId } from './service/validate.js';

/** The submission service's RPCs, each a thin call into the core. */
export function routes(core: SubmissionService): (router: ConnectRouter) => void {
  return (router) => {
    router.service(SubmissionRpc, {
      listSubmissions: async (req) => {
        checkGivenUserId(req.viewerUserId, 'viewer_user_id');
        const { submissions, page } = await core.list({
          sort: req.sort === SortOrder.NEW ? 'new' : 'hot',
          page: req.page,
          limit: req.limit,
          search: req.search,
          viewerUserId: req.viewerUserId,
        });
        return { submissions, ...paginationJson(page) };
      },
      getUserSubmission: async (req) => {
        checkGivenUserId(req.userId);
        return { submission: await core.getUserSubmission(req.userId) };
      },
      createSubmission: async (req) => {
        checkGivenUserId(req.userId);
        return { submission: await core.create(req) };
      },
      deleteSubmission: async (req) => {
        checkGivenUserId(req.userId);
        await core.delete(req.userId, req.submissionId);
        return {};
      },
      vote: async (req) => {
        SubmissionService.checkId(req.submissionId);
        if (!req.userId) throw appError('UNAUTHORIZED', 'Authentication required');
        checkGivenUserId(req.userId);
        return core.votes.vote(req.userId, req.submissionId, req.voteType);
      },
      createUploadUrl: (req) => {
        checkGivenUserId(req.userId);
        return core.uploads.createUploadUrl(req.userId, req.filename, req.contentType, req.fileSize);
      },
      storeUpload: (req) => core.uploads.storeUpload(req.fields, req.data),
      getImage: (req) => core.uploads.getImage(req.key),
      getWinningSubmission: async () => ({ submission: await core.winning() }),
      promoteSubmission: async (req) => {
        checkAudit({ operator: req.operator });
        const done = await core.promotion.promote({
          submissionId: req.submissionId || undefined,
          operator: req.operator.trim(),
        });
        if (!done) throw appError('NOT_FOUND', 'There is no active submission to promote.');
        return { submission: toSubmission(done.submission), canvasIndex: done.canvasIndex };
      },
      removeSubmission: async (req) => {
        checkAudit(req);
        return { removed: await core.remove(req.submissionId, req.reason, req.operator) };
      },
    });
  };
}

/** The registered services' names (grpc.health.v1 reports each). */
export const SERVICES = [SubmissionRpc.typeName];
