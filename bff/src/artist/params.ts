/**
 * Strict reading of the artist-selection query and body values: each is present at most once, of
 * the right type and range, or the request gets 400 with the spec's error body.
 */
import type { Context } from 'koa';
import { HttpError } from '../middleware/errors.js';

export const LIST_LIMIT_MAX = 50;
export const SEARCH_MAX = 100;
/** Submission ids are UUIDs; anything else cannot name one. */
const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

function one(ctx: Pick<Context, 'query'>, name: string): string | undefined {
  const v = ctx.query[name];
  if (Array.isArray(v)) throw new HttpError('VALIDATION_ERROR', `${name} must be given once`, name);
  return v;
}

function intParam(
  ctx: Pick<Context, 'query'>,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  const v = one(ctx, name);
  if (v === undefined || v === '') return fallback;
  if (!/^\d{1,9}$/.test(v) || Number(v) < min || Number(v) > max)
    throw new HttpError('VALIDATION_ERROR', `${name} must be an integer from ${min} to ${max}`, name);
  return Number(v);
}

export function listQuery(ctx: Pick<Context, 'query'>) {
  const sort = one(ctx, 'sort') ?? 'hot';
  if (sort !== 'hot' && sort !== 'new')
    throw new HttpError('VALIDATION_ERROR', 'sort must be hot or new', 'sort');
  const search = one(ctx, 'search') ?? '';
  if (search.length > SEARCH_MAX)
    throw new HttpError('VALIDATION_ERROR', `search must be at most ${SEARCH_MAX} characters`, 'search');
  return {
    sort,
    page: intParam(ctx, 'page', 1, 100_000, 1),
    limit: intParam(ctx, 'limit', 1, LIST_LIMIT_MAX, 10),
    search,
  } as const;
}

/** A submission id from the path; a malformed one cannot exist (404 with the spec's text). */
export function submissionId(raw: string | undefined): string {
  if (!raw || !ID_RE.test(raw)) throw new HttpError('NOT_FOUND', 'Submission not found.', 'id');
  return raw;
}

/** A string body field (absent or null: ''), refused when of another type or absurdly long. */
export function textField(body: Record<string, unknown>, name: string, max: number): string {
  const v = body[name];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw new HttpError('VALIDATION_ERROR', `${name} must be a string`, name);
  if (v.length > max)
    throw new HttpError('VALIDATION_ERROR', `${name} must be at most ${max} characters`, name);
  return v;
}
