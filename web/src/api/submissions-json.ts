// The artist-selection shapes of spec section 3 (Submission, Pagination, Vote response, Upload-URL
// response) and tolerant readers for the answers: fields at the top level or under `data`, camelCase
// or snake_case, ISO or epoch times. A reader never throws on a malformed body.
import type { SubmissionFields, UploadTarget } from '@tessera/facts/submissions';
import { isRecord } from '../lib/json.js';
import type { SubmissionSort } from '../lib/search-params.js';

export type { UploadTarget };

export const PAGE_SIZE = 10;

/** 1 upvote, -1 downvote, 0 none. */
export type VoteType = 1 | -1 | 0;

/** A submission as the app holds it: the spec's fields (@tessera/facts/submissions), times as epoch ms. */
export interface Submission extends SubmissionFields {
  /** Epoch milliseconds; null when the server sent no usable time. */
  createdAt: number | null;
  netScore: number;
  userVoteType: VoteType;
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
  userVoteType: VoteType;
  netScore: number;
  deleted: boolean;
}

export interface ListParams {
  sort: SubmissionSort;
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

/** Texts of spec section 8 ("Artist selection") for failed calls. */
function str(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function int(value: unknown, fallback: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : fallback;
}

/** An ISO date or epoch milliseconds (seconds when small) as epoch ms, else null. */
export function readTime(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    return value < 1e11 ? value * 1000 : value;
  }
  if (typeof value === 'string' && value.trim() !== '') {
    if (/^\d+$/.test(value.trim())) return readTime(Number(value));
    const t = Date.parse(value);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}

export function readVoteType(value: unknown): VoteType {
  const n = int(value, 0);
  return n > 0 ? 1 : n < 0 ? -1 : 0;
}

/** The body's `data` object merged over the body, or the body. */
function payload(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) return {};
  return isRecord(body.data) ? { ...body, ...body.data } : body;
}

/** A submission in the spec's shape (or snake_case); null without an id. */
export function toSubmission(raw: unknown): Submission | null {
  if (!isRecord(raw)) return null;
  const id = str(raw.id ?? raw._id);
  if (id === null || id === '') return null;
  return {
    id,
    userId: str(raw.userId ?? raw.user_id) ?? '',
    username: str(raw.username) ?? '',
    title: str(raw.title) ?? '',
    description: str(raw.description) ?? '',
    imageUrl: str(raw.imageUrl ?? raw.image_url) ?? '',
    createdAt: readTime(raw.createdAt ?? raw.created_at),
    netScore: int(raw.netScore ?? raw.net_score, 0),
    userVoteType: readVoteType(raw.userVoteType ?? raw.user_vote_type),
    isVerifiedContributor: (raw.isVerifiedContributor ?? raw.is_verified_contributor) === true,
  };
}

/** POST .../submissions: `data` is the created submission. */
export function toCreatedSubmission(body: unknown): Submission | null {
  return toSubmission(isRecord(body) && isRecord(body.data) ? body.data : body);
}

/** GET .../submissions: `data` (list) and `pagination`; a missing pagination means one page. */
export function toSubmissionPage(body: unknown, requestedPage = 1): SubmissionPage {
  const list = isRecord(body) && Array.isArray(body.data) ? body.data : Array.isArray(body) ? body : [];
  const items = list.map(toSubmission).filter((s): s is Submission => s !== null);
  const raw = isRecord(body) && isRecord(body.pagination) ? body.pagination : {};
  const currentPage = Math.max(1, int(raw.currentPage ?? raw.current_page, requestedPage));
  const totalPages = Math.max(0, int(raw.totalPages ?? raw.total_pages, items.length > 0 ? 1 : 0));
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
    netScore: int(data.netScore ?? data.net_score, 0),
    deleted: data.deleted === true,
  };
}

export function toUploadTarget(body: unknown): UploadTarget | null {
  const data = payload(body);
  const uploadUrl = str(data.uploadUrl ?? data.upload_url);
  const imageUrl = str(data.imageUrl ?? data.image_url);
  if (!uploadUrl || !imageUrl) return null;
  const fields: Record<string, string> = {};
  if (isRecord(data.fields)) {
    for (const [key, value] of Object.entries(data.fields)) {
      const text = str(value);
      if (text !== null) fields[key] = text;
    }
  }
  return { uploadUrl, fields, imageUrl };
}
