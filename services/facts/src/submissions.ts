/**
 * The artist-selection Submission object of spec section 3 as it travels over /api, defined once:
 * the BFF sends it, the web app reads it and the browser tests' scripted backend imitates it. Pure:
 * the web bundle imports it.
 */

/** What a submission says about itself, the same in every shape that carries one. */
export interface SubmissionFields {
  id: string;
  userId: string;
  username: string;
  title: string;
  description: string;
  imageUrl: string;
}

/** The spec's Submission on the wire. */
export interface SubmissionJson extends SubmissionFields {
  /** ISO 8601. */
  createdAt: string;
  netScore: number;
  /** The viewer's vote: 1 up, -1 down, 0 none. */
  userVoteType: number;
  isVerifiedContributor: boolean;
}

/** The `data` of POST /api/artist-selection/upload-url: where and how the browser uploads the image. */
export interface UploadTarget {
  /** The storage's upload address (a POST form). */
  uploadUrl: string;
  /** The form fields to send before the file. */
  fields: Record<string, string>;
  /** The image's address once uploaded, for the new submission. */
  imageUrl: string;
}

/** What `submissionJson` needs: the fields, the creation time in epoch ms, the score and the viewer's vote. */
export interface SubmissionSource extends SubmissionFields {
  createdAtMs: number;
  netScore: number;
  userVoteType: number;
  isVerifiedContributor: boolean;
}

/** A submission in the spec's wire shape; nothing of `s` beyond the spec's fields is sent. */
export function submissionJson(s: SubmissionSource): SubmissionJson {
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
