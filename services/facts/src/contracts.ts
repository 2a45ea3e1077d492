/**
 * Each service's RPC contract (the generated service descriptor of its `.proto`), keyed by the
 * service's name in the port table: what the trust table must cover method by method. For tests and
 * tools that walk every method; a service imports its own descriptor directly.
 */
import type { DescService } from '@bufbuild/protobuf';
import { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { IdentityService } from '@tessera/proto/tessera/identity/v1/identity_pb.js';
import { LockService } from '@tessera/proto/tessera/lock/v1/lock_pb.js';
import { PaymentService } from '@tessera/proto/tessera/payment/v1/payment_pb.js';
import { RendererService } from '@tessera/proto/tessera/renderer/v1/renderer_pb.js';
import { SubmissionService } from '@tessera/proto/tessera/submission/v1/submission_pb.js';
import type { ServiceName } from './ports.js';

export const CONTRACTS: Record<ServiceName, DescService> = {
  identity: IdentityService,
  canvas: CanvasService,
  lock: LockService,
  payment: PaymentService,
  renderer: RendererService,
  submission: SubmissionService,
};
