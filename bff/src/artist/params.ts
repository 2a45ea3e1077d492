/**
 * The artist-selection routes' own values, read with the BFF's request readers
 * (`../http/params.ts`) by the list rules of `@tessera/facts/submissions`: the list's query (each
 * value at most once, of the right type and range) and a submission id, or the request gets the
 * spec's error body. The search text goes to the submission service as given: the service trims it
 * and refuses one over SEARCH_MAX characters.
 */
import type { Context } from 'koa';
import {
  DEFAULT_SORT,
  isSortOrder,
  isSubmissionId,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  SORT_ORDERS,
  SUBMISSION_MESSAGES,
} from '@tessera/facts/submissions';
import { HttpError } from '../middleware/errors.js';
import { queryInt, single } from '../http/params.js';

export function listQuery(ctx: Pick<Context, 'query'>) {
  const sort = single(ctx.query.sort, 'sort') ?? DEFAULT_SORT;
  if (!isSortOrder(sort))
    throw new HttpError('VALIDATION_ERROR', `sort must be ${SORT_ORDERS.join(' or ')}`, 'sort');
  return {
    sort,
    page: queryInt(ctx.query.page, 'page', { min: 1, max: MAX_PAGE }, 1),
    limit: queryInt(ctx.query.limit, 'limit', { min: 1, max: MAX_PAGE_SIZE }, PAGE_SIZE),
    search: single(ctx.query.search, 'search') ?? '',
  } as const;
}

/** A submission id from the path; a malformed one cannot exist (404 with the spec's text). */
export function submissionId(raw: string | undefined): string {
  if (!isSubmissionId(raw)) throw new HttpError('NOT_FOUND', SUBMISSION_MESSAGES.notFound, 'id');
  return raw;
}
