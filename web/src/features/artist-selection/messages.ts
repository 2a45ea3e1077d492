// What the artist-selection page says (spec sections 2, 4 and 8): its fixed texts and toasts, and the
// mapping of failed calls to the page's error panel, toasts and the Submit Artwork modal's banner.
// The calls' own texts (the layer below) are in artist-selection-api.ts.
import { REMOVAL_SCORE, SUBMISSION_MESSAGES } from '@tessera/facts/submissions';
import { ARTIST_API_MESSAGES, StorageUploadError, serverMessage } from './artist-selection-api.js';
import { errorKind, isApiError } from '../../api/errors.js';
import { friendlyMessage } from '../../api/messages.js';

export const PAGE_TEXT = {
  title: 'Artist Selection',
  subtitle:
    'Vote for the next featured artist. When the current canvas sells out, the submission with the highest net score becomes the next artwork on the Tessera canvas.',
  notice: `Upvote the submissions you want to see featured and downvote the ones you don't. Submissions with a net score of ${REMOVAL_SCORE} or lower are removed automatically.`,
  searchPlaceholder: 'Search by title or username...',
  clearSearch: 'Clear search',
  hot: 'Hot',
  hotHint: 'most votes',
  new: 'New',
  newHint: 'most recent',
  emptyTitle: 'No submissions yet',
  emptyBody: 'Be the first to submit your artwork!',
  submit: 'Submit Artwork',
  signInToSubmit: 'Sign In to Submit',
  retry: 'Retry',
  previous: 'Previous',
  next: 'Next',
  verified: 'Verified Contributor',
  verifiedDetail: 'Purchased pixels on current canvas',
  delete: 'Delete',
  confirmDelete: 'Confirm Delete?',
  deleting: 'Deleting...',
  upvote: 'Upvote',
  downvote: 'Downvote',
  signInToUpvote: 'Sign in to upvote',
  signInToDownvote: 'Sign in to downvote',
} as const;

/** 'No submissions found for "{term}"' */
export function noResultsText(term: string): string {
  return `No submissions found for "${term}"`;
}

/** "Page X of Y" */
export function pageOfText(page: number, totalPages: number): string {
  return `Page ${page} of ${totalPages}`;
}

export const TOASTS = {
  upvoted: 'Upvoted!',
  downvoted: 'Downvoted!',
  voteRemoved: 'Vote removed',
  removedByVotes: 'Submission was removed due to excessive downvotes',
  deleted: SUBMISSION_MESSAGES.deleted,
  created: 'Submission created successfully!',
  alreadyDeleted: 'This submission has already been deleted',
  deleteForbidden: 'You do not have permission to delete this submission',
  noLongerExists: 'This submission no longer exists',
  voteNetwork: 'Network error. Please check your connection and try again.',
} as const;

export const LIST_ERRORS = {
  network: 'Network error. Please check your internet connection.',
  server: 'Server error. Please try again in a moment.',
  fallback: 'Failed to load submissions. Please try again.',
} as const;

export const SUBMIT_ERRORS = {
  network: 'Network error. Please check your connection and try again.',
  upload: 'Failed to upload image. Please check your file and try again.',
  server: 'Server error. Please try again in a moment.',
  fallback: 'Failed to submit artwork. Please try again.',
} as const;

/**
 * No answer arrived (errorKind 'network'). A timeout is not this page's "network" case: the spec names
 * only network failures, so a timed-out call gets the same text as any other failure.
 */
function isNetwork(error: unknown): boolean {
  return errorKind(error) === 'network';
}

function status(error: unknown): number {
  return isApiError(error) ? error.status : 0;
}

/** The list's error panel: network, 5xx, else the server's message or the fallback. */
export function listErrorMessage(error: unknown): string {
  if (isNetwork(error)) return LIST_ERRORS.network;
  if (errorKind(error) === 'server') return LIST_ERRORS.server;
  return serverMessage(error) ?? LIST_ERRORS.fallback;
}

export type Followup = 'none' | 'reload';

/** A failed vote's toast, and whether the list reloads (the submission is gone). */
export function voteFailure(error: unknown): { message: string; then: Followup } {
  if (status(error) === 404) return { message: TOASTS.noLongerExists, then: 'reload' };
  if (isNetwork(error)) return { message: TOASTS.voteNetwork, then: 'none' };
  const message = error instanceof Error && error.message ? error.message : ARTIST_API_MESSAGES.voteFailed;
  return { message, then: 'none' };
}

/** A failed delete's toast, and whether the list reloads. */
export function deleteFailure(error: unknown): { message: string; then: Followup } {
  if (status(error) === 404) return { message: TOASTS.alreadyDeleted, then: 'reload' };
  if (status(error) === 403) return { message: TOASTS.deleteForbidden, then: 'none' };
  if (isNetwork(error)) return { message: TOASTS.voteNetwork, then: 'none' };
  return { message: friendlyMessage(error), then: 'none' };
}

/**
 * The Submit Artwork modal's banner: network; 409 (the active-submission text); a failed upload to
 * storage; 5xx; else the error's message (content rejected, invalid data, file type or size) or the
 * fallback.
 */
export function submitErrorMessage(error: unknown): string {
  if (isNetwork(error)) return SUBMIT_ERRORS.network;
  if (error instanceof StorageUploadError) {
    return error.kind === 'network' ? SUBMIT_ERRORS.network : SUBMIT_ERRORS.upload;
  }
  if (status(error) === 409) return SUBMISSION_MESSAGES.activeExists;
  if (errorKind(error) === 'server') return SUBMIT_ERRORS.server;
  if (error instanceof Error && error.message) return error.message;
  return SUBMIT_ERRORS.fallback;
}
