/**
 * The submission's changes on the bus, each published one way: `tessera.submission.created`,
 * `.voted` and `.deleted` (payload: facts/events' SubmissionChanged), best effort (a bus outage is
 * logged, never fails the user's request: the store is the truth, the events feed the live views).
 * The message id makes a repeat harmless: a submission is created once and deleted once, whichever
 * path deletes it (its owner, the downvotes, the hand-over), and a vote's change is its version.
 */
import { SUBJECTS } from '@tessera/facts/subjects';
import { publishEventBestEffort } from '@tessera/kit';
import type { SubmissionDeps } from './deps.js';
import { recordSubmissionChange } from './metrics.js';

type EventDeps = Pick<SubmissionDeps, 'bus' | 'logger'>;

/** The payload (proto SubmissionChanged). */
interface SubmissionChanged {
  submissionId: string;
  userId: string;
  netScore: number;
  deleted: boolean;
  atMs: number;
}

/** What every change says about the submission. */
export interface SubmissionState {
  _id: string;
  userId: string;
  netScore: number;
}

export function publishCreated(deps: EventDeps, doc: SubmissionState, atMs: number): Promise<void> {
  return publish(deps, SUBJECTS.submissionCreated, changeOf(doc, false, atMs), `created-${doc._id}`);
}

export function publishDeleted(deps: EventDeps, doc: SubmissionState, atMs: number): Promise<void> {
  return publish(deps, SUBJECTS.submissionDeleted, changeOf(doc, true, atMs), `deleted-${doc._id}`);
}

/**
 * A vote's change to the submission: the event names the voter (not the submission's owner), and
 * `voteId` and `version` name the one change of that vote.
 */
export function publishVoted(
  deps: EventDeps,
  vote: { voteId: string; version: number; voterId: string },
  doc: Omit<SubmissionState, 'userId'>,
  state: { deleted: boolean; atMs: number },
): Promise<void> {
  const change = changeOf({ ...doc, userId: vote.voterId }, state.deleted, state.atMs);
  return publish(deps, SUBJECTS.submissionVoted, change, `voted-${vote.voteId}-${vote.version}`);
}

function changeOf(doc: SubmissionState, deleted: boolean, atMs: number): SubmissionChanged {
  return { submissionId: doc._id, userId: doc.userId, netScore: doc.netScore, deleted, atMs };
}

async function publish(
  deps: EventDeps,
  subject:
    typeof SUBJECTS.submissionCreated | typeof SUBJECTS.submissionDeleted | typeof SUBJECTS.submissionVoted,
  change: SubmissionChanged,
  msgId: string,
): Promise<void> {
  recordSubmissionChange(subject);
  await publishEventBestEffort(deps.bus, subject, change, { msgId, logger: deps.logger });
}
