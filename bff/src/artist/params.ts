/**
 * The artist-selection routes' own values, read with the BFF's request readers
 * (`../http/params.ts`): the list's query (each value at most once, of the right type and range)
 * and a submission id, or the request gets the spec's error body.
 */
import type { Context } from 'koa';
import { HttpError } from '../middleware/errors.js';
import { queryInt, single } from '../http/params.js';

export const LIST_LIMIT_MAX = 50;
export const SEARCH_MAX = 100;
/** Submission ids are UUIDs; anything else cannot name one. */
const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

export function listQuery(ctx: Pick<Context, 'query'>) {
  const sort = single(ctx.query.sort, 'sort') ?? 'hot';
  if (sort !== 'hot' && sort !== 'new')
    throw new HttpError('VALIDATION_ERROR', 'sort must be hot or new', 'sort');
  const search = single(ctx.query.search, 'search') ?? '';
  if (search.length > SEARCH_MAX)
    throw new HttpError('VALIDATION_ERROR', `search must be at most ${SEARCH_MAX} characters`, 'search');
  return {
    sort,
    page: queryInt(ctx.query.page, 'page', { min: 1, max: 100_000 }, 1),
    limit: queryInt(ctx.query.limit, 'limit', { min: 1, max: LIST_LIMIT_MAX }, 10),
    search,
  } as const;
}

/** A submission id from the path; a malformed one cannot exist (404 with the spec's text). */
export function submissionId(raw: string | undefined): string {
  if (!raw || !ID_RE.test(raw)) throw new HttpError('NOT_FOUND', 'Submission not found.', 'id');
  return raw;
}
