/** Strict parsing of path and query parameters of the canvas routes (bad input is a 400 with the field). */
import { TOTAL_BOARDS } from '@tessera/facts/grid';
import { HttpError } from '../middleware/errors.js';

const MAX_INT32 = 0x7fffffff;

/** A non-negative decimal integer (no sign, no fraction, no exponent) up to `max`. */
export function parseIndex(raw: unknown, field: string, max: number = MAX_INT32): number {
  const s = typeof raw === 'string' ? raw : '';
  const n = /^\d{1,10}$/.test(s) ? Number(s) : Number.NaN;
  if (!Number.isSafeInteger(n) || n > max) {
    throw new HttpError('VALIDATION_ERROR', `${field} must be an integer from 0 to ${max}`, field);
  }
  return n;
}

export const parseCanvasIndex = (raw: unknown, field = 'canvasIndex') => parseIndex(raw, field);
export const parseBoardIndex = (raw: unknown, field = 'boardIndex') =>
  parseIndex(raw, field, TOTAL_BOARDS - 1);

/** A query value given once (a repeated parameter is refused). */
export function single(raw: unknown, field: string): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw new HttpError('VALIDATION_ERROR', `${field} must be given once`, field);
  return raw;
}

export function parseIntIn(raw: unknown, field: string, min: number, max: number, fallback: number): number {
  const s = single(raw, field);
  if (s === undefined || s === '') return fallback;
  const n = /^\d{1,4}$/.test(s) ? Number(s) : Number.NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new HttpError('VALIDATION_ERROR', `${field} must be an integer from ${min} to ${max}`, field);
  }
  return n;
}

export function parseBool(raw: unknown, field: string, fallback: boolean): boolean {
  const s = single(raw, field);
  if (s === undefined || s === '') return fallback;
  if (s === 'true' || s === '1') return true;
  if (s === 'false' || s === '0') return false;
  throw new HttpError('VALIDATION_ERROR', `${field} must be true or false`, field);
}
