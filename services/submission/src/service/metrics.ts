/**
 * The submission service's business metrics, counted where each change is published
 * (submission-events.ts): submissions created and deleted, and votes cast or changed.
 */
import { SUBJECTS } from '@tessera/facts/subjects';
import { counter } from '@tessera/kit';

const submissions = counter('tessera_submissions_total', 'Submissions by change: created, deleted', [
  'change',
]);
submissions.inc({ change: 'created' }, 0);
submissions.inc({ change: 'deleted' }, 0);
const votes = counter('tessera_votes_total', 'Votes cast or changed on submissions');

export function recordSubmissionChange(subject: string): void {
  if (subject === SUBJECTS.submissionVoted) votes.inc();
  else if (subject === SUBJECTS.submissionCreated) submissions.inc({ change: 'created' });
  else if (subject === SUBJECTS.submissionDeleted) submissions.inc({ change: 'deleted' });
}
