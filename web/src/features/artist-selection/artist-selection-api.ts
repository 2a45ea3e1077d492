// The artist-selection calls of spec section 7 (list, create, delete, vote, upload URL and the direct
// upload to storage) over the app's ApiClient: `artistSelectionApi(api)`. Failed calls keep the
// ApiError's code and status but carry the texts of spec section 8 for this layer; the page maps them
// to its own toasts and banners (features/artist-selection/messages.ts). The shapes and their readers
// are in submissions-json.ts.
import { IMAGE_MESSAGES } from '@tessera/facts/artwork';
import { PAGE_SIZE, SUBMISSION_MESSAGES } from '@tessera/facts/submissions';
import type { ApiClient } from '../../api/client.js';
import { actionHeaders, startUserAction } from '../../api/user-action.js';
import { searchTermOf } from '../../lib/search-params.js';
import { KindedError } from '../../lib/kinded-error.js';
import { ApiError, errorKind, isApiError, readErrorBody } from '../../api/errors.js';
import {
  toCreatedSubmission,
  toSubmissionPage,
  toUploadTarget,
  toVoteResult,
  type ListParams,
  type NewSubmission,
  type Submission,
  type SubmissionPage,
  type UploadRequest,
  type UploadTarget,
  type VoteResult,
} from './submissions-json.js';
import { fetchWithTimeout, type FetchLike } from '../../api/transport.js';
import type {
  SubmissionCreated,
  SubmissionDeleted,
  SubmissionList,
  UploadUrlAnswer,
  VoteAnswer,
  VoteRequest,
} from '@tessera/api/submissions';

export * from './submissions-json.js';

/**
 * This layer's own texts (spec section 8, "Artist selection"). The texts the server says too are
 * @tessera/facts' (SUBMISSION_MESSAGES, IMAGE_MESSAGES.api): the spec has the app show them by
 * status, so a failed call carries them whatever the answer's body said.
 */
export const ARTIST_API_MESSAGES = {
  invalidSubmission: 'Invalid submission data. Please check your inputs.',
  voteFailed: 'Failed to vote. Please try again.',
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
export class StorageUploadError extends KindedError<StorageFailure> {
  override readonly name = 'StorageUploadError';
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
  if (error.code === 'CONTENT_REJECTED') return SUBMISSION_MESSAGES.contentRejected;
  if (error.status === 409) return SUBMISSION_MESSAGES.activeExists;
  if (error.status === 400) return serverMessage(error) ?? ARTIST_API_MESSAGES.invalidSubmission;
  return null;
}

export function deleteErrorText(error: unknown): string | null {
  if (!answered(error)) return null;
  if (error.status === 403) return SUBMISSION_MESSAGES.deleteForbidden;
  if (error.status === 404) return SUBMISSION_MESSAGES.notFound;
  return null;
}

export function voteErrorText(error: unknown): string | null {
  const kind = errorKind(error);
  if (kind === 'network' || kind === 'aborted') return null;
  if (isApiError(error) && error.status === 404) return SUBMISSION_MESSAGES.notFound;
  if (isApiError(error) && error.status === 400) return SUBMISSION_MESSAGES.invalidVote;
  // who may vote (the author, an account not yet verified): the server says what to do
  if (isApiError(error) && error.status === 403)
    return serverMessage(error) ?? ARTIST_API_MESSAGES.voteFailed;
  return ARTIST_API_MESSAGES.voteFailed;
}

/** 400 about the type or the size has the API's text for it (facts); other 400s the server's text or a fallback. */
export function uploadUrlErrorText(error: unknown): string | null {
  if (!answered(error) || error.status !== 400) return null;
  const text = `${error.field ?? ''} ${serverMessage(error) ?? ''}`;
  if (/size|large|big|bytes|\bmb\b/i.test(text)) return IMAGE_MESSAGES.api.size;
  if (/type|format|png|jpe?g|webp|content/i.test(text)) return IMAGE_MESSAGES.api.type;
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
    const body = await this.client.get<SubmissionList>(`${BASE}/submissions`, {
      query: { sort: params.sort, page: params.page, limit: PAGE_SIZE, search: searchTermOf(params.search) },
      auth: 'optional',
      signal: params.signal,
    });
    return toSubmissionPage(body, params.page);
  }

  /** POST /artist-selection/submissions {title, description, imageUrl}; data is the created submission. */
  async create(input: NewSubmission): Promise<Submission | null> {
    const body = await this.client
      .post<SubmissionCreated>(`${BASE}/submissions`, input, { auth: 'required' })
      .catch(rethrow(createErrorText));
    return toCreatedSubmission(body);
  }

  /** DELETE /artist-selection/submissions/{id}. */
  async remove(id: string): Promise<void> {
    await this.client
      .delete<SubmissionDeleted>(submissionPath(id), { auth: 'required' })
      .catch(rethrow(deleteErrorText));
  }

  /**
   * POST /artist-selection/submissions/{id}/vote {voteType}: the same vote again removes it. Each
   * vote is a user action with a trace of its own (api/user-action.ts).
   */
  async vote(id: string, voteType: 1 | -1, action = startUserAction('vote')): Promise<VoteResult> {
    const body = await this.client
      .post<VoteAnswer>(`${submissionPath(id)}/vote`, { voteType } satisfies VoteRequest, {
        auth: 'required',
        headers: actionHeaders(action),
      })
      .catch(rethrow(voteErrorText));
    return toVoteResult(body);
  }

  /** POST /artist-selection/upload-url {filename, contentType, fileSize}: where and how to upload. */
  async requestUpload(request: UploadRequest): Promise<UploadTarget> {
    const body = await this.client
      .post<UploadUrlAnswer>(`${BASE}/upload-url`, request, { auth: 'required' })
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
      if (errorKind(error) === 'network') {
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

const perClient = new WeakMap<ApiClient, ArtistSelectionApi>();

/** The artist-selection calls over `api` (one instance per client), with its fetch and timeout. */
export function artistSelectionApi(api: ApiClient): ArtistSelectionApi {
  let calls = perClient.get(api);
  if (!calls) {
    calls = new ArtistSelectionApi(api, {
      ...api.transport,
      origin: () => globalThis.location?.origin ?? null,
    });
    perClient.set(api, calls);
  }
  return calls;
}
