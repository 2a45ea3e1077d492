// The artist-selection shapes of spec section 3 (Submission, Pagination, Vote response, Upload-URL
// response) as the app holds them, and the readers of the answers. The answers' fields are the
// contract's (@tessera/api/submissions); each value is checked, and a reader never throws on a
// malformed body.
import type { SortOrder, SubmissionFields, UserVoteType } from '@tessera/facts/submissions';
import type {
  NewSubmissionRequest,
  Submission as SubmissionBody,
  SubmissionCreated,
  SubmissionListAsRead,
  UploadTarget,
  UploadUrlAnswer,
  UploadUrlRequest,
  VoteAnswer,
} from '@tessera/api/submissions';
import { isRecord, readInt, readString, readTime } from '../../lib/json.js';
import { fieldsIn } from '../../lib/json.js';

export type { UploadTarget };

/** A submission as the app holds it: the spec's fields (@tessera/facts/submissions), times as epoch ms. */
export interface Submission extends SubmissionFields {
  /** Epoch milliseconds; null when the server sent no usable time. */
  createdAt: number | null;
  netScore: number;
  userVoteType: UserVoteType;
  isVerifiedContributor: boolean;
}

export interface Pagination {
  currentPage: number;
  totalPages: number;
  hasNext: boolean;
  hasPrevious: boolean;
}

export interface SubmissionPage {
  items: Submission[];
  pagination: Pagination;
}

export interface VoteResult {
  userVoteType: UserVoteType;
  netScore: number;
  deleted: boolean;
}

export interface ListParams {
  sort: SortOrder;
  page: number;
  /** Sent only when the trimmed text has at least 2 characters. */
  search?: string;
  signal?: AbortSignal;
}

export type NewSubmission = NewSubmissionRequest;

export type UploadRequest = UploadUrlRequest;

/** The sign of the number sent: 1 upvote, -1 downvote, 0 none. */
export function readVoteType(value: unknown): UserVoteType {
  const n = readInt(value) ?? 0;
  return n > 0 ? 1 : n < 0 ? -1 : 0;
}

/** A submission in the contract's shape; null without an id. */
export function toSubmission(raw: unknown): Submission | null {
  const s = fieldsIn<SubmissionBody>(raw);
  const id = readString(s.id);
  if (id === null || id === '') return null;
  return {
    id,
    userId: readString(s.userId) ?? '',
    username: readString(s.username) ?? '',
    title: readString(s.title) ?? '',
    description: readString(s.description) ?? '',
    imageUrl: readString(s.imageUrl) ?? '',
    createdAt: readTime(s.createdAt),
    netScore: readInt(s.netScore) ?? 0,
    userVoteType: readVoteType(s.userVoteType),
    isVerifiedContributor: s.isVerifiedContributor === true,
  };
}

/** POST .../submissions: `data` is the created submission. */
export function toCreatedSubmission(body: unknown): Submission | null {
  return toSubmission(fieldsIn<SubmissionCreated>(body).data);
}

/** GET .../submissions: `data` (list) and `pagination`; a missing pagination means one page. */
export function toSubmissionPage(body: unknown, requestedPage = 1): SubmissionPage {
  const answer = fieldsIn<SubmissionListAsRead>(body);
  const list: unknown[] = Array.isArray(answer.data) ? answer.data : [];
  const items = list.map(toSubmission).filter((s): s is Submission => s !== null);
  const raw = fieldsIn<SubmissionListAsRead['pagination']>(answer.pagination);
  const currentPage = Math.max(1, readInt(raw.currentPage) ?? requestedPage);
  const totalPages = Math.max(0, readInt(raw.totalPages) ?? (items.length > 0 ? 1 : 0));
  return {
    items,
    pagination: {
      currentPage,
      totalPages,
      hasNext: typeof raw.hasNext === 'boolean' ? raw.hasNext : currentPage < totalPages,
      hasPrevious: typeof raw.hasPrevious === 'boolean' ? raw.hasPrevious : currentPage > 1,
    },
  };
}

export function toVoteResult(body: unknown): VoteResult {
  const data = fieldsIn<VoteAnswer['data']>(fieldsIn<VoteAnswer>(body).data);
  return {
    userVoteType: readVoteType(data.userVoteType),
    netScore: readInt(data.netScore) ?? 0,
    deleted: data.deleted === true,
  };
}

export function toUploadTarget(body: unknown): UploadTarget | null {
  const data = fieldsIn<UploadTarget>(fieldsIn<UploadUrlAnswer>(body).data);
  const uploadUrl = readString(data.uploadUrl);
  const imageUrl = readString(data.imageUrl);
  if (!uploadUrl || !imageUrl) return null;
  const fields: Record<string, string> = {};
  if (isRecord(data.fields)) {
    for (const [key, value] of Object.entries(data.fields)) {
      const text = readString(value);
      if (text !== null) fields[key] = text;
    }
  }
  return { uploadUrl, fields, imageUrl };
}
