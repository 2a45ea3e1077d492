import { describe, expect, it } from 'vitest';
import { SubmissionList, UploadUrlAnswer, VoteRequest } from './submissions.js';

const submission = {
  id: 's1',
  userId: 'u1',
  username: 'ada',
  title: 'Harbour',
  description: 'Boats at dawn',
  imageUrl: '/api/artist-selection/images/a.png',
  createdAt: '2026-11-29T11:00:00.000Z',
  netScore: 3,
  userVoteType: 0,
  isVerifiedContributor: false,
};

describe('the artist-selection contract', () => {
  it('a page of submissions with its pagination', () => {
    const page = {
      success: true,
      data: [submission],
      pagination: { currentPage: 1, totalPages: 1, totalCount: 1, hasNext: false, hasPrevious: false },
    };
    expect(SubmissionList.parse(page)).toEqual(page);
    const { imageUrl: _, ...noImage } = submission;
    expect(SubmissionList.safeParse({ ...page, data: [noImage] }).success).toBe(false);
  });

  it('a vote is 1 or -1; the upload form is text fields', () => {
    expect(VoteRequest.safeParse({ voteType: -1 }).success).toBe(true);
    expect(VoteRequest.safeParse({ voteType: 0 }).success).toBe(false);
    const target = { success: true, data: { uploadUrl: '/up', fields: { key: 'k' }, imageUrl: '/img/k' } };
    expect(UploadUrlAnswer.parse(target)).toEqual(target);
    expect(UploadUrlAnswer.safeParse({ ...target, data: { ...target.data, fields: { n: 1 } } }).success).toBe(
      false,
    );
  });
});
