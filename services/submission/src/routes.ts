import type { ConnectRouter } from '@connectrpc/connect';
import { SubmissionService } from '@tessera/proto/tessera/submission/v1/submission_pb.js';

/**
 * The submission service's RPCs. Its behaviour is built by its own issue; until then every RPC of the
 * contract answers UNIMPLEMENTED (Connect's answer for a method without a handler), never a fake result.
 */
export function routes(router: ConnectRouter): void {
  router.service(SubmissionService, {});
}

export const SERVICES = [SubmissionService.typeName];
