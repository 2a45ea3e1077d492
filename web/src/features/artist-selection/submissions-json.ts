// The artist-selection shapes of spec section 3 (Submission, Pagination, Vote response, Upload-URL
// response) and tolerant readers for the answers: fields at the top level or under `data`, camelCase
// or snake_case, ISO or epoch times. A reader never throws on a malformed body.
import type { SortOrder, SubmissionFields, UploadTarget, UserVoteType } from '@tessera/facts/submissions';
import { isRecord, payload, readInt, readString, readTime } from '../../lib/json.js';

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

export interface NewSubmission {
  title: string;
  description: string;
  imageUrl: string;
}

export interface UploadRequest {
  filename: string;
  contentType: string;
  fileSize: number;
}

/** The sign of the number sent: 1 upvote, -1 downvote, 0 none. */
export function readVoteType(value: unknown): UserVoteType {
  const n = readInt(value) ?? 0;
  return n > 0 ? 1 : n < 0 ? -1 : 0;
}

/** A submission in the spec's shape (or snake_case); null without an id. */
export function toSubmission(raw: unknown): Submission | null {
  if (!isRecord(raw)) return null;
  const id = readString(raw.id ?? raw._id);
  if (id === null || id === '') return null;
  return {
    id,
    userId: readString(raw.userId ?? raw.user_id) ?? '',
    username: readString(raw.username) ?? '',
    title: readString(raw.title) ?? '',
    description: readString(raw.description) ?? '',
    imageUrl: readString(raw.imageUrl ?? raw.image_url) ?? '',
    createdAt: readTime(raw.createdAt ?? raw.created_at),
    netScore: readInt(raw.netScore ?? raw.net_score) ?? 0,
    userVoteType: readVoteType(raw.userVoteType ?? raw.user_vote_type),
    isVerifiedContributor: (raw.isVerifiedContributor ?? raw.is_verified_contributor) === true,
  };
}

/** POST .../submissions: `data` is the created submission. */
export function toCreatedSubmission(body: unknown): Submission | null {
  return toSubmission(payload(body));
}

/** GET .../submissions: `data` (list) and `pagination`; a missing pagination means one page. */
export function toSubmissionPage(body: unknown, requestedPage = 1): SubmissionPage {
  const list = isRecord(body) && Array.isArray(body.data) ? body.data : Array.isArray(body) ? body : [];
  const items = list.map(toSubmission).filter((s): s is Submission => s !== null);
  const raw = isRecord(body) && isRecord(body.pagination) ? body.pagination : {};
  const currentPage = Math.max(1, readInt(raw.currentPage ?? raw.current_page) ?? requestedPage);
  const totalPages = Math.max(0, readInt(raw.totalPages ?? raw.total_pages) ?? (items.length > 0 ? 1 : 0));
  return {
    items,
    pagination: {
      currentPage,
      totalPages,
      hasNext:
        typeof (raw.hasNext ?? raw.has_next) === 'boolean'
          ? Boolean(raw.hasNext ?? raw.has_next)
          : currentPage < totalPages,
      hasPrevious:
        typeof (raw.hasPrevious ?? raw.has_previous) === 'boolean'
          ? Boolean(raw.hasPrevious ?? raw.has_previous)
          : currentPage > 1,
    },
  };
}

export function toVoteResult(body: unknown): VoteResult {
  const data = payload(body);
  return {
    userVoteType: readVoteType(data.userVoteType ?? data.user_vote_type),
    netScore: readInt(data.netScore ?? data.net_score) ?? 0,
    deleted: data.deleted === true,
  };
}

export function toUploadTarget(body: unknown): UploadTarget | null {
  const data = payload(body);
  const uploadUrl = readString(data.uploadUrl ?? data.upload_url);
  const imageUrl = readString(data.imageUrl ?? data.image_url);
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
