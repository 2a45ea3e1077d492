// Voting on the client (spec section 4, "Voting"): a tap sets a vote, the same tap again removes it,
// the opposite tap switches it (facts' applyVote, the service's rule). The card is updated at once
// (optimistically) and put back on failure.
import { applyVote, compareSubmissions, type UserVoteType, type VoteType } from '@tessera/facts/submissions';
import type { Submission, SubmissionPage, VoteResult } from './artist-selection-api.js';
import { TOASTS } from './messages.js';

/** The submission as it looks right after the tap, before the server answers. */
export function applyTap(submission: Submission, tap: VoteType): Submission {
  const change = applyVote(submission.userVoteType, tap);
  return { ...submission, userVoteType: change.next, netScore: submission.netScore + change.delta };
}

/** The toast after a successful vote, from the vote the server now holds. */
export function voteToast(userVoteType: UserVoteType): string {
  if (userVoteType === 1) return TOASTS.upvoted;
  if (userVoteType === -1) return TOASTS.downvoted;
  return TOASTS.voteRemoved;
}

/**
 * The items in Hot order as the server sorts its list (facts' compareSubmissions: the net score, then
 * the newest, then the id); a submission without a usable time counts as the oldest.
 */
export function sortHot(items: readonly Submission[]): Submission[] {
  const ranked = (s: Submission) => ({ id: s.id, netScore: s.netScore, createdAt: s.createdAt ?? 0 });
  return [...items].sort((a, b) => compareSubmissions('hot', ranked(a), ranked(b)));
}

function mapItems(page: SubmissionPage, fn: (items: Submission[]) => Submission[]): SubmissionPage {
  return { ...page, items: fn(page.items) };
}

/** A page with one submission replaced by fn(submission). */
export function updateItem(
  page: SubmissionPage,
  id: string,
  fn: (s: Submission) => Submission,
): SubmissionPage {
  return mapItems(page, (items) => items.map((s) => (s.id === id ? fn(s) : s)));
}

/** A page without one submission. */
export function removeItem(page: SubmissionPage, id: string): SubmissionPage {
  return mapItems(page, (items) => items.filter((s) => s.id !== id));
}

/**
 * A page after the server answered a vote: the server's vote and score; the item removed when the
 * server deleted it; re-sorted in Hot order when the list is sorted by Hot.
 */
export function applyVoteResult(
  page: SubmissionPage,
  id: string,
  result: VoteResult,
  sortedByHot: boolean,
): SubmissionPage {
  if (result.deleted) return removeItem(page, id);
  const updated = updateItem(page, id, (s) => ({
    ...s,
    userVoteType: result.userVoteType,
    netScore: result.netScore,
  }));
  return sortedByHot ? mapItems(updated, sortHot) : updated;
}

/** The page with the submission's own fields back as they were (after a failed vote). */
export function revertItem(page: SubmissionPage, before: Submission): SubmissionPage {
  return updateItem(page, before.id, (s) => ({
    ...s,
    userVoteType: before.userVoteType,
    netScore: before.netScore,
  }));
}

/** A newly created submission at the top of a page (New sort), without a duplicate. */
export function prependItem(page: SubmissionPage, submission: Submission): SubmissionPage {
  return mapItems(page, (items) => [submission, ...items.filter((s) => s.id !== submission.id)]);
}

export type ScoreTone = 'positive' | 'negative' | 'zero';

/** Green above zero, red below, grey at zero. */
export function scoreTone(netScore: number): ScoreTone {
  return netScore > 0 ? 'positive' : netScore < 0 ? 'negative' : 'zero';
}

/** The net score as shown: a plus sign when positive. */
export function formatScore(netScore: number): string {
  return netScore > 0 ? `+${netScore}` : String(netScore);
}
