/**
 * Voting and submission rules (brief invariant 5, spec sections 4, 5 and 9): one vote per user per
 * submission; tapping the same vote removes it, the opposite vote switches it; net score is the sum
 * of votes; a submission at net score -10 or lower is removed.
 */
export type VoteValue = -1 | 0 | 1;

export const REMOVAL_SCORE = -10;

export interface VoteTransition {
  /** The user's vote after the tap. */
  next: VoteValue;
  /** Change of the submission's net score. */
  delta: number;
}

/** The result of tapping `requested` (1 up, -1 down) when the user's current vote is `current`. */
export function applyVote(current: VoteValue, requested: 1 | -1): VoteTransition {
  if (current === requested) return { next: 0, delta: -current };
  return { next: requested, delta: requested - current };
}

export function isRemoved(netScore: number): boolean {
  return netScore <= REMOVAL_SCORE;
}
