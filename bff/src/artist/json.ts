/** The spec's artist-selection shapes (section 3: Submission, Pagination, Vote response, Upload-URL response). */
import type { Submission } from '@tessera/proto/tessera/submission/v1/submission_pb.js';

export function submissionJson(s: Submission) {
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
