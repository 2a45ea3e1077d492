/**
 * Voting and submission rules (brief invariant 5, spec sections 4, 5 and 9): one vote per user per
 * submission; tapping the same vote removes it, the opposite vote switches it; net score is the sum
 * of votes; a submission at net score -10 or lower is removed.
 */
import { IMAGE_MAX_BYTES, artworkTextMessage, isImageType } from '@tessera/facts/artwork';

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

export type Problem = { field: string; message: string } | null;

export function checkSubmission(title: string, description: string): Problem {
  for (const [field, value] of [
    ['title', title],
    ['description', description],
  ] as const) {
    const message = artworkTextMessage(field, value);
    if (message !== null) return { field, message };
  }
  return null;
}

export function checkImage(contentType: string, sizeBytes: number): Problem {
  if (!isImageType(contentType.toLowerCase())) {
    return { field: 'contentType', message: 'Only PNG, JPEG, and WebP images are allowed.' };
  }
  if (!Number.isSafeInteger(sizeBytes) || sizeBytes <= 0 || sizeBytes > IMAGE_MAX_BYTES) {
    return { field: 'fileSize', message: 'File size must be under 10MB.' };
  }
  return null;
}
