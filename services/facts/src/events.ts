/**
 * Each bus subject with its payload schema (proto/tessera/events/v1/events.proto), and typed
 * encode/decode helpers, so a publisher and its consumers cannot disagree on a payload type.
 * Node side only (it loads the generated protobuf code); the web app imports `./subjects` instead.
 */
import {
  create,
  fromBinary,
  toBinary,
  type DescMessage,
  type MessageInitShape,
  type MessageShape,
} from '@bufbuild/protobuf';
import {
  CanvasActivatedSchema,
  CanvasSoldOutSchema,
  LockChangedSchema,
  PaymentRefundedSchema,
  PaymentSucceededSchema,
  PixelResetSchema,
  PixelsCommittedSchema,
  SessionRevokedSchema,
  SubmissionChangedSchema,
} from '@tessera/proto/tessera/events/v1/events_pb.js';
import { SUBJECTS, type Subject } from './subjects.js';

export const EVENT_SCHEMAS = {
  [SUBJECTS.pixelsCommitted]: PixelsCommittedSchema,
  [SUBJECTS.pixelsReset]: PixelResetSchema,
  [SUBJECTS.lockAcquired]: LockChangedSchema,
  [SUBJECTS.lockReleased]: LockChangedSchema,
  [SUBJECTS.lockExtended]: LockChangedSchema,
  [SUBJECTS.lockExpired]: LockChangedSchema,
  [SUBJECTS.lockWarning]: LockChangedSchema,
  [SUBJECTS.paymentSucceeded]: PaymentSucceededSchema,
  [SUBJECTS.paymentRefunded]: PaymentRefundedSchema,
  [SUBJECTS.canvasSoldOut]: CanvasSoldOutSchema,
  [SUBJECTS.canvasActivated]: CanvasActivatedSchema,
  [SUBJECTS.submissionCreated]: SubmissionChangedSchema,
  [SUBJECTS.submissionDeleted]: SubmissionChangedSchema,
  [SUBJECTS.submissionVoted]: SubmissionChangedSchema,
  [SUBJECTS.sessionRevoked]: SessionRevokedSchema,
} as const satisfies Record<Subject, DescMessage>;

export type EventSchema<S extends Subject> = (typeof EVENT_SCHEMAS)[S];
/** The payload type carried on subject S. */
export type EventPayload<S extends Subject> = MessageShape<EventSchema<S>>;

/** The bytes to publish on `subject`. */
export function encodeEvent<S extends Subject>(
  subject: S,
  init: MessageInitShape<EventSchema<S>>,
): Uint8Array {
  const schema: DescMessage = EVENT_SCHEMAS[subject];
  return toBinary(schema, create(schema, init as never));
}

/** A message received on `subject`, decoded (throws on bytes that are not its payload). */
export function decodeEvent<S extends Subject>(subject: S, data: Uint8Array): EventPayload<S> {
  const schema: DescMessage = EVENT_SCHEMAS[subject];
  return fromBinary(schema, data) as EventPayload<S>;
}
