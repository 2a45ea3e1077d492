// How failed calls reach the person (spec section 8, "Artist selection"): the list's error panel, the
// vote and delete toasts, and the Submit Artwork modal's banner.
import { describe, expect, it } from 'vitest';
import { StorageUploadError, withMessage } from './artist-selection-api.js';
import { ApiError, GENERIC_MESSAGES, errorFromResponse } from '../../api/errors.js';
import {
  deleteFailure,
  listErrorMessage,
  noResultsText,
  PAGE_TEXT,
  pageOfText,
  submitErrorMessage,
  voteFailure,
} from './messages.js';

const network = new ApiError({ code: 'NETWORK_ERROR', status: 0, message: 'x' });
const body = (status: number, error: string, message: string) =>
  errorFromResponse(status, '', { success: false, message, error, statusCode: status });

describe('list error panel', () => {
  it('network, 5xx, the server message, else the fallback', () => {
    expect(listErrorMessage(network)).toBe('Network error. Please check your internet connection.');
    expect(listErrorMessage(body(503, 'UNAVAILABLE', 'down'))).toBe(
      'Server error. Please try again in a moment.',
    );
    expect(listErrorMessage(body(400, 'VALIDATION_ERROR', 'Page must be a number'))).toBe(
      'Page must be a number',
    );
    expect(listErrorMessage(errorFromResponse(404, '', null))).toBe(
      'Failed to load submissions. Please try again.',
    );
    expect(
      listErrorMessage(
        new ApiError({ code: 'TIMEOUT', status: 0, message: 'Request timeout after 30000ms' }),
      ),
    ).toBe('Failed to load submissions. Please try again.');
  });
});

describe('vote and delete toasts', () => {
  it('vote: 404 reloads with "no longer exists"; network; else the call message', () => {
    expect(voteFailure(withMessage(body(404, 'NOT_FOUND', 'x'), 'Submission not found.'))).toEqual({
      message: 'This submission no longer exists',
      then: 'reload',
    });
    expect(voteFailure(network)).toEqual({
      message: 'Network error. Please check your connection and try again.',
      then: 'none',
    });
    expect(voteFailure(withMessage(body(400, 'BAD', 'x'), 'Invalid vote type.')).message).toBe(
      'Invalid vote type.',
    );
    expect(voteFailure(withMessage(body(500, 'X', 'x'), 'Failed to vote. Please try again.')).message).toBe(
      'Failed to vote. Please try again.',
    );
  });

  it('delete: 404 reloads with "already deleted"; 403', () => {
    expect(deleteFailure(body(404, 'NOT_FOUND', 'x'))).toEqual({
      message: 'This submission has already been deleted',
      then: 'reload',
    });
    expect(deleteFailure(body(403, 'FORBIDDEN', 'x'))).toEqual({
      message: 'You do not have permission to delete this submission',
      then: 'none',
    });
    // a 5xx's own text is about the server (friendlyMessage): the toast says something failed
    expect(deleteFailure(body(500, 'INTERNAL', 'Disk full')).message).toBe(GENERIC_MESSAGES.fallback);
    expect(deleteFailure(body(409, 'CONFLICT', 'Voting has closed')).message).toBe('Voting has closed');
  });
});

describe('Submit Artwork banner', () => {
  it('network, 409, storage failures, 5xx, else the message', () => {
    expect(submitErrorMessage(network)).toBe('Network error. Please check your connection and try again.');
    expect(submitErrorMessage(body(409, 'CONFLICT', 'x'))).toBe(
      'You already have an active submission. Please edit or delete it first.',
    );
    for (const kind of ['status', 'cors', 'failed'] as const) {
      expect(submitErrorMessage(new StorageUploadError(kind, 'x', 403))).toBe(
        'Failed to upload image. Please check your file and try again.',
      );
    }
    expect(submitErrorMessage(new StorageUploadError('network', 'x'))).toBe(
      'Network error. Please check your connection and try again.',
    );
    expect(submitErrorMessage(body(502, 'BAD_GATEWAY', 'x'))).toBe(
      'Server error. Please try again in a moment.',
    );
    expect(
      submitErrorMessage(
        withMessage(
          body(400, 'CONTENT_REJECTED', 'x'),
          'Your submission contains prohibited content. Please remove any hate speech or slurs.',
        ),
      ),
    ).toBe('Your submission contains prohibited content. Please remove any hate speech or slurs.');
    expect(
      submitErrorMessage(withMessage(body(400, 'V', 'x'), 'Only PNG, JPEG, and WebP images are allowed.')),
    ).toBe('Only PNG, JPEG, and WebP images are allowed.');
    expect(submitErrorMessage(new Error(''))).toBe('Failed to submit artwork. Please try again.');
  });
});

describe('page texts', () => {
  it('names the removal score in the notice', () => {
    expect(PAGE_TEXT.notice).toContain(
      'Submissions with a net score of -10 or lower are removed automatically.',
    );
  });

  it('fills in the search term and the page numbers', () => {
    expect(noResultsText('cats')).toBe('No submissions found for "cats"');
    expect(pageOfText(2, 5)).toBe('Page 2 of 5');
  });
});
