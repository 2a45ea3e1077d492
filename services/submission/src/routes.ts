import type { ConnectRouter } from '@connectrpc/connect';
import { SubmissionService as SubmissionRpc } from '@tessera/proto/tessera/submission/v1/submission_pb.js';
import type { SubmissionService } from './service/submission-service.js';

/**
 * The submission service's RPCs. None has a handler yet (the artist-selection issue writes them), so
 * every RPC of the contract answers UNIMPLEMENTED, never a fake result.
 */
export function routes(_core: SubmissionService): (router: ConnectRouter) => void {
  return (router) => {
    router.service(SubmissionRpc, {});
  };
}

/** The registered services' names (grpc.health.v1 reports each). */
export const SERVICES = [SubmissionRpc.typeName];
