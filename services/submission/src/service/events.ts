/**
 * Publishing `tessera.submission.created|deleted|voted` after the store writes that they report.
 * An event is a notice for listeners (the BFF's event stream), never the record: a publish that
 * fails is logged and the stored change stands. Each has a fixed id, so a retry is a duplicate.
 */
import { encodeEvent } from '@tessera/facts/events';
import type { SUBJECTS } from '@tessera/facts/subjects';
import type { EventBus, Logger } from '@tessera/kit';

export type SubmissionSubject =
  typeof SUBJECTS.submissionCreated | typeof SUBJECTS.submissionDeleted | typeof SUBJECTS.submissionVoted;

export async function publishSubmission(
  deps: { bus: EventBus; logger: Logger },
  subject: SubmissionSubject,
  msgId: string,
  event: { submissionId: string; userId: string; netScore: number; deleted: boolean; atMs: number },
): Promise<void> {
  try {
    await deps.bus.publish(subject, encodeEvent(subject, event), { msgId });
  } catch (err) {
    deps.logger.warn({ err, subject, msgId }, 'could not publish a submission event');
  }
}
