/**
 * The event-bus subjects, defined once. Every message on a subject carries the payload named beside
 * it (the generated types of proto/tessera/events/v1/events.proto; `@tessera/facts/events` maps each
 * subject to its schema). Pure: no I/O, no Node API (the web bundle may import it).
 */
export const SUBJECTS = {
  /** PixelsCommitted: a purchase's pixels were painted. */
  pixelsCommitted: 'tessera.pixels.committed',
  /** PixelReset: an operator reset a sold pixel to its default colour (moderation; it stays sold). */
  pixelsReset: 'tessera.pixels.reset',
  /** LockChanged, one subject per lock event. */
  lockAcquired: 'tessera.lock.acquired',
  lockReleased: 'tessera.lock.released',
  lockExtended: 'tessera.lock.extended',
  lockExpired: 'tessera.lock.expired',
  /** LockChanged: the holder's lock expires in 60 s (spec: "a warning is emitted 60 s before expiry"). */
  lockWarning: 'tessera.lock.warning',
  /** PaymentSucceeded. */
  paymentSucceeded: 'tessera.payment.succeeded',
  /** PaymentRefunded. */
  paymentRefunded: 'tessera.payment.refunded',
  /** CanvasSoldOut: the last pixel of a canvas was sold. */
  canvasSoldOut: 'tessera.canvas.soldout',
  /** CanvasActivated: a canvas became the active one. */
  canvasActivated: 'tessera.canvas.activated',
  /** SubmissionChanged, one subject per submission event. */
  submissionCreated: 'tessera.submission.created',
  submissionDeleted: 'tessera.submission.deleted',
  submissionVoted: 'tessera.submission.voted',
  /** SessionRevoked: identity ended sessions; the BFF refuses their access tokens from then on. */
  sessionRevoked: 'tessera.session.revoked',
} as const;

export type Subject = (typeof SUBJECTS)[keyof typeof SUBJECTS];

/** Prefix of the lock subjects; the rest of the subject is the lock event's kind. */
export const LOCK_SUBJECT_PREFIX = 'tessera.lock.';
/** Pattern matching every lock subject. */
export const LOCK_SUBJECTS = `${LOCK_SUBJECT_PREFIX}*`;

/** `tessera.lock.<kind>` -> `<kind>` (acquired, released, ...); null for any other subject. */
export function lockEventKind(subject: string): string | null {
  if (!subject.startsWith(LOCK_SUBJECT_PREFIX)) return null;
  const kind = subject.slice(LOCK_SUBJECT_PREFIX.length);
  return /^[a-z]+$/.test(kind) ? kind : null;
}
