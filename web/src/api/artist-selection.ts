// The artist-selection calls of spec section 7 (list, create, delete, vote, upload URL and the direct
// upload to storage), composed into the ApiClient as `api.artistSelection`. Responses are read
// tolerantly (fields at the top level or under `data`, camelCase or snake_case). Failed calls keep
// the ApiError's code and status but carry the texts of spec section 8 for this layer; the page maps
// them to its own toasts and banners (features/artist-selection/messages.ts).
import { isRecord } from '../lib/json.js';
import type { ApiClient } from './client.js';
import { searchTermOf, type SubmissionSort } from '../lib/search-params.js';
import { ApiError, CLIENT_CODES, isApiError, readErrorBody } from './errors.js';
import { fetchWithTimeout, type FetchLike } from './transport.js';

export const PAGE_SIZE = 10;

/** 1 upvote, -1 downvote, 0 none. */
export type VoteType = 1 | -1 | 0;

export interface Submission {
  id: string;
  userId: string;
  username: string;
  title: string;
  description: string;
  imageUrl: string;
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

export interface UploadTarget {
  uploadUrl: string;
  fields: Record<string, string>;
  imageUrl: string;
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
export const ARTIST_API_MESSAGES = {
  contentRejected: 'Your submission contains prohibited content. Please remove any hate speech or slurs.',
  activeExists: 'You already have an active submission. Please edit or delete it first.',
  invalidSubmission: 'Invalid submission data. Please check your inputs.',
  deleteForbidden: 'You do not have permission to delete this submission.',
  notFound: 'Submission not found.',
  invalidVote: 'Invalid vote type.',
  voteFailed: 'Failed to vote. Please try again.',
  fileType: 'Only PNG, JPEG, and WebP images are allowed.',
  fileSize: 'File size must be under 10MB.',
  invalidFile: 'Invalid file. Please check the file type and size.',
  storageCors: 'Upload blocked by CORS policy. Please contact support or try again later.',
  storageFailed: 'Failed to upload image. Please try again.',
} as const;

/** "Failed to upload image to storage: {status text}" */
export function storageStatusMessage(statusText: string): string {
  return `Failed to upload image to storage: ${statusText}`;
}

export type StorageFailure = 'status' | 'cors' | 'network' | 'failed';

/** The direct upload to storage failed: a non-OK answer, a cross-origin block, no answer, or other. */
export class StorageUploadError extends Error {
  override readonly name = 'StorageUploadError';
  constructor(
    readonly kind: StorageFailure,
    message: string,
    readonly status = 0,
  ) {
    super(message);
  }
}

// ---- readers ---------------------------------------------------------------------------------------

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

// ---- error texts -----------------------------------------------------------------------------------

/** The same failure with this layer's text (code, status and body kept; the original as cause). */
export function withMessage(error: ApiError, message: string): ApiError {
  return new ApiError({
    code: error.code,
    status: error.status,
    statusText: error.statusText,
    field: error.field,
    body: error.body,
    message,
    cause: error,
  });
}

/** The message the server put in its error body, if any. */
export function serverMessage(error: unknown): string | null {
  return isApiError(error) ? readErrorBody(error.body).message : null;
}

/** Failures without an answer (network, timeout, cancel) keep the client's own error. */
function answered(error: unknown): error is ApiError {
  return isApiError(error) && error.status !== 0;
}

export function createErrorText(error: unknown): string | null {
  if (!answered(error)) return null;
  if (error.code === 'CONTENT_REJECTED') return ARTIST_API_MESSAGES.contentRejected;
  if (error.status === 409) return ARTIST_API_MESSAGES.activeExists;
  if (error.status === 400) return serverMessage(error) ?? ARTIST_API_MESSAGES.invalidSubmission;
  return null;
}

export function deleteErrorText(error: unknown): string | null {
  if (!answered(error)) return null;
  if (error.status === 403) return ARTIST_API_MESSAGES.deleteForbidden;
  if (error.status === 404) return ARTIST_API_MESSAGES.notFound;
  return null;
}

export function voteErrorText(error: unknown): string | null {
  if (isApiError(error) && (error.code === CLIENT_CODES.network || error.code === CLIENT_CODES.aborted)) {
    return null;
  }
  if (isApiError(error) && error.status === 404) return ARTIST_API_MESSAGES.notFound;
  if (isApiError(error) && error.status === 400) return ARTIST_API_MESSAGES.invalidVote;
  return ARTIST_API_MESSAGES.voteFailed;
}

/** 400 about the type or the size has its own text; other 400s the server's text or a fallback. */
export function uploadUrlErrorText(error: unknown): string | null {
  if (!answered(error) || error.status !== 400) return null;
  const text = `${error.field ?? ''} ${serverMessage(error) ?? ''}`;
  if (/size|large|big|bytes|\bmb\b/i.test(text)) return ARTIST_API_MESSAGES.fileSize;
  if (/type|format|png|jpe?g|webp|content/i.test(text)) return ARTIST_API_MESSAGES.fileType;
  return serverMessage(error) ?? ARTIST_API_MESSAGES.invalidFile;
}

function rethrow(mapper: (error: unknown) => string | null) {
  return (error: unknown): never => {
    const message = mapper(error);
    if (message !== null && isApiError(error)) throw withMessage(error, message);
    throw error;
  };
}

// ---- calls -----------------------------------------------------------------------------------------

/** The part of ApiClient these calls use. */
export type JsonCalls = Pick<ApiClient, 'get' | 'post' | 'delete'>;

const BASE = '/artist-selection';
const submissionPath = (id: string) => `${BASE}/submissions/${encodeURIComponent(id)}`;

export interface ArtistSelectionApiOptions {
  fetch: FetchLike;
  timeoutMs: number;
  /** The page's origin, to tell a cross-origin block from a network failure. */
  origin?: () => string | null;
}

export class ArtistSelectionApi {
  constructor(
    private readonly client: JsonCalls,
    private readonly options: ArtistSelectionApiOptions,
  ) {}

  /** GET /artist-selection/submissions?sort=&page=&limit=10[&search=] (optional authentication). */
  async list(params: ListParams): Promise<SubmissionPage> {
    const body = await this.client.get<unknown>(`${BASE}/submissions`, {
      query: { sort: params.sort, page: params.page, limit: PAGE_SIZE, search: searchTermOf(params.search) },
      auth: 'optional',
      signal: params.signal,
    });
    return toSubmissionPage(body, params.page);
  }

  /** POST /artist-selection/submissions {title, description, imageUrl}; data is the created submission. */
  async create(input: NewSubmission): Promise<Submission | null> {
    const body = await this.client
      .post<unknown>(`${BASE}/submissions`, input, { auth: 'required' })
      .catch(rethrow(createErrorText));
    return toSubmission(isRecord(body) && isRecord(body.data) ? body.data : body);
  }

  /** DELETE /artist-selection/submissions/{id}. */
  async remove(id: string): Promise<void> {
    await this.client
      .delete<unknown>(submissionPath(id), { auth: 'required' })
      .catch(rethrow(deleteErrorText));
  }

  /** POST /artist-selection/submissions/{id}/vote {voteType}: the same vote again removes it. */
  async vote(id: string, voteType: 1 | -1): Promise<VoteResult> {
    const body = await this.client
      .post<unknown>(`${submissionPath(id)}/vote`, { voteType }, { auth: 'required' })
      .catch(rethrow(voteErrorText));
    return toVoteResult(body);
  }

  /** POST /artist-selection/upload-url {filename, contentType, fileSize}: where and how to upload. */
  async requestUpload(request: UploadRequest): Promise<UploadTarget> {
    const body = await this.client
      .post<unknown>(`${BASE}/upload-url`, request, { auth: 'required' })
      .catch(rethrow(uploadUrlErrorText));
    const target = toUploadTarget(body);
    if (target === null) {
      throw new ApiError({
        code: 'INVALID_UPLOAD_RESPONSE',
        status: 200,
        message: ARTIST_API_MESSAGES.storageFailed,
      });
    }
    return target;
  }

  /**
   * The direct multipart POST to the upload URL: the returned fields, then the file. No bearer token
   * and no CSRF header. Any OK answer (204 included) is success.
   */
  async uploadImage(target: UploadTarget, file: Blob, filename: string): Promise<void> {
    const form = new FormData();
    for (const [key, value] of Object.entries(target.fields)) form.append(key, value);
    form.append('file', file, filename);
    let response: Response;
    try {
      response = await fetchWithTimeout(
        this.options.fetch,
        target.uploadUrl,
        { method: 'POST', body: form },
        this.options.timeoutMs,
      );
    } catch (error) {
      if (isApiError(error) && error.code === CLIENT_CODES.network) {
        if (this.isCrossOrigin(target.uploadUrl)) {
          throw new StorageUploadError('cors', ARTIST_API_MESSAGES.storageCors);
        }
        throw new StorageUploadError('network', ARTIST_API_MESSAGES.storageFailed);
      }
      throw new StorageUploadError('failed', ARTIST_API_MESSAGES.storageFailed);
    }
    // The body is not needed; drop it without waiting.
    void response.body?.cancel().catch(() => undefined);
    if (!response.ok) {
      throw new StorageUploadError(
        'status',
        storageStatusMessage(response.statusText || String(response.status)),
        response.status,
      );
    }
  }

  private isCrossOrigin(url: string): boolean {
    const origin = this.options.origin?.() ?? null;
    if (origin === null) return false;
    try {
      return new URL(url, origin).origin !== origin;
    } catch {
      return false;
    }
  }
}
