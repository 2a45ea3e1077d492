/**
 * Artist selection (spec sections 3 and 7, bff/README.md "Artist selection API"): the submission
 * list, creating and deleting a submission, votes, the signed upload form and the direct upload, and
 * who may vote (the e-mail verification that makes an account eligible).
 */
import { z } from 'zod';
import { Pagination } from './pagination.js';

/** The spec's Submission (section 3). `createdAt` is ISO 8601; `userVoteType` the viewer's vote. */
export const Submission = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  createdAt: z.string(),
  netScore: z.number().int(),
  /** 1 up, -1 down, 0 none (always 0 for a guest). */
  userVoteType: z.number().int(),
  isVerifiedContributor: z.boolean(),
});
export type Submission = z.infer<typeof Submission>;

/** What `submissionJson` needs: the wire fields, but the creation time in epoch ms. */
export type SubmissionSource = Omit<Submission, 'createdAt'> & { createdAtMs: number };

/** A submission in the spec's wire shape (the BFF's answers, the browser tests' scripted backend). */
export function submissionJson(s: SubmissionSource): Submission {
  return {
    id: s.id,
    userId: s.userId,
    username: s.username,
    title: s.title,
    description: s.description,
    imageUrl: s.imageUrl,
    createdAt: new Date(s.createdAtMs).toISOString(),
    netScore: s.netScore,
    userVoteType: s.userVoteType,
    isVerifiedContributor: s.isVerifiedContributor,
  };
}

export { Pagination } from './pagination.js';

/** `GET /api/artist-selection/submissions?sort=&page=&limit=[&search=]` (guests too). */
export const SubmissionList = z.object({
  success: z.literal(true),
  data: z.array(Submission),
  pagination: Pagination,
});
export type SubmissionList = z.infer<typeof SubmissionList>;

/** The list as the web app reads it (it counts pages, not items). */
export type SubmissionListAsRead = Omit<SubmissionList, 'pagination'> & {
  pagination: Omit<Pagination, 'totalCount'>;
};

/** `POST /api/artist-selection/submissions`. */
export const NewSubmissionRequest = z.object({
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
});
export type NewSubmissionRequest = z.infer<typeof NewSubmissionRequest>;

/** `POST /api/artist-selection/submissions` 201: the created submission. */
export const SubmissionCreated = z.object({ success: z.literal(true), data: Submission });
export type SubmissionCreated = z.infer<typeof SubmissionCreated>;

/** `DELETE /api/artist-selection/submissions/{id}`. */
export const SubmissionDeleted = z.object({ success: z.literal(true), message: z.string() });
export type SubmissionDeleted = z.infer<typeof SubmissionDeleted>;

/** `POST /api/artist-selection/submissions/{id}/vote {voteType}`: 1 or -1; the same vote again removes it. */
export const VoteRequest = z.object({ voteType: z.union([z.literal(1), z.literal(-1)]) });
export type VoteRequest = z.infer<typeof VoteRequest>;

/** The vote's answer: the viewer's vote now, the score, and whether the vote removed the submission. */
export const VoteAnswer = z.object({
  success: z.literal(true),
  data: z.object({ userVoteType: z.number().int(), netScore: z.number().int(), deleted: z.boolean() }),
});
export type VoteAnswer = z.infer<typeof VoteAnswer>;

/** `POST /api/artist-selection/upload-url`. */
export const UploadUrlRequest = z.object({
  filename: z.string(),
  contentType: z.string(),
  fileSize: z.number().int(),
});
export type UploadUrlRequest = z.infer<typeof UploadUrlRequest>;

/** Where and how the browser uploads the image: a multipart POST of `fields`, then the file. */
export const UploadTarget = z.object({
  uploadUrl: z.string(),
  fields: z.record(z.string(), z.string()),
  /** The image's address once uploaded, for the new submission. */
  imageUrl: z.string(),
});
export type UploadTarget = z.infer<typeof UploadTarget>;

export const UploadUrlAnswer = z.object({ success: z.literal(true), data: UploadTarget });
export type UploadUrlAnswer = z.infer<typeof UploadUrlAnswer>;

/** The direct upload's answer (201): the stored image's address. */
export const UploadStored = z.object({
  success: z.literal(true),
  data: z.object({ imageUrl: z.string() }),
});
export type UploadStored = z.infer<typeof UploadStored>;
