/** Reading fields of a JSON request body: presence, type and length, with the spec's error codes. */
import type { Context } from 'koa';
import type { ErrorCode } from '@tessera/kit';
import { HttpError } from '../middleware/errors.js';

const LABELS: Record<string, string> = {
  email: 'Email',
  password: 'Password',
  username: 'Username',
  otp: 'Reset code',
  newPassword: 'New password',
  exchange_token: 'Exchange token',
};

/** The request body as an object; no body counts as `{}`. Arrays and scalars are refused. */
export function bodyOf(ctx: Pick<Context, 'request'>): Record<string, unknown> {
  const body = ctx.request.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new HttpError('BAD_REQUEST', 'Request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

export interface StringRule {
  max: number;
  /** Code for a missing or empty value (default MISSING_FIELD). */
  missing?: ErrorCode;
  /** Code for a value of the wrong type or length (default VALIDATION_ERROR). */
  invalid?: ErrorCode;
}

/** A required string field, 1..max characters (after trimming, unless it is a password). */
export function requiredString(body: Record<string, unknown>, field: string, rule: StringRule): string {
  const label = LABELS[field] ?? field;
  const raw = body[field];
  if (raw === undefined || raw === null || raw === '') {
    throw new HttpError(rule.missing ?? 'MISSING_FIELD', `${label} is required`, field);
  }
  if (typeof raw !== 'string') {
    throw new HttpError(rule.invalid ?? 'VALIDATION_ERROR', `${label} must be a string`, field);
  }
  const value = /password/i.test(field) ? raw : raw.trim();
  if (value === '') throw new HttpError(rule.missing ?? 'MISSING_FIELD', `${label} is required`, field);
  if (value.length > rule.max) {
    throw new HttpError(
      rule.invalid ?? 'VALIDATION_ERROR',
      `${label} must be at most ${rule.max} characters`,
      field,
    );
  }
  return value;
}

/** Upper bounds the BFF enforces; identity applies the exact rules (format, minimum lengths). */
export const FIELD_MAX = {
  email: 320,
  password: 1024,
  username: 100,
  otp: 16,
  exchangeToken: 512,
} as const;
