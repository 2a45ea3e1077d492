/** Stored submissions to the contract's Submission message. */
import { create } from '@bufbuild/protobuf';
import { SubmissionSchema, type Submission } from '@tessera/proto/tessera/submission/v1/submission_pb.js';
import type { SubmissionDoc } from '../domain/submission.js';

export function toSubmission(doc: SubmissionDoc, userVoteType = 0, verified = false): Submission {
  return create(SubmissionSchema, {
    id: doc._id,
    userId: doc.userId,
    username: doc.username,
    title: doc.title,
    description: doc.description,
    imageUrl: doc.imageUrl,
    createdAtMs: doc.createdAt,
    netScore: doc.netScore,
    userVoteType,
    isVerifiedContributor: verified,
  });
}
