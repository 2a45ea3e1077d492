// Reading untyped JSON: the web app's one object check and its one reader of each kind of value. The
// field names come from the HTTP contract (fieldsOf / fieldsIn below); the readers still accept numbers
// or numeric text and ISO or epoch times, and never throw, so a malformed answer becomes "no value"
// rather than a crash.
import type { Unchecked } from '@tessera/api/request';

/** A JSON object (not null, not an array), whose fields can be read and checked one by one. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The answer's fields: a body's `data` object merged over the body (a field under `data` wins, a
 * field only at the top level is kept), the body when it has no `data` object, `{}` for anything else.
 */
export function payload(body: unknown): Record<string, unknown> {
  if (!isRecord(body)) return {};
  return isRecord(body.data) ? { ...body, ...body.data } : body;
}

/** Text: a string with more than whitespace, as it is, or a finite number as its decimal text; else null. */
export function readString(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

const DECIMAL_INTEGER = /^-?\d+$/;

/**
 * A whole number: a JSON number that is a safe integer, or decimal digits as text (a leading minus
 * and surrounding spaces allowed); null for anything else (null, booleans, '', '1.5', '1e3', 1.5).
 */
export function readInt(value: unknown): number | null {
  const n = typeof value === 'string' && DECIMAL_INTEGER.test(value.trim()) ? Number(value.trim()) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
}

const DECIMAL = /^\d+(\.\d+)?$/;
/** Epoch numbers under this are seconds (1e11 s is the year 5138; 1e11 ms is 1973). */
const SECONDS_BELOW = 1e11;

/**
 * A time as whole epoch milliseconds: ISO 8601 text, or a positive epoch number or numeric text
 * (seconds when under 1e11, else milliseconds); null for anything else.
 */
export function readTime(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value <= 0) return null;
    return Math.round(value < SECONDS_BELOW ? value * 1000 : value);
  }
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  if (DECIMAL.test(text)) return readTime(Number(text));
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/** A JSON text's object with a canvas index (an integer 0 or more); null when it is anything else. */
export function parseCanvasRecord(text: string): (Record<string, unknown> & { canvasIndex: number }) | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(body)) return null;
  const canvasIndex = readInt(body.canvasIndex);
  if (canvasIndex === null || canvasIndex < 0) return null;
  return { ...body, canvasIndex };
}

/**
 * Reading an `/api` body by the HTTP contract (`@tessera/api`): `Unchecked<T>` names the fields of
 * contract type T (so a field renamed there fails to compile here), each value still `unknown` until
 * a reader checks it; a malformed answer becomes "no value", never a crash.
 */
export type { Unchecked };

/** `value`'s fields by the names of contract type T; null when it is not a JSON object. */
export function fieldsOf<T>(value: unknown): Unchecked<T> | null {
  return isRecord(value) ? (value as Unchecked<T>) : null;
}

/** As fieldsOf, with no fields (rather than null) when `value` is not a JSON object: for chained reads. */
export function fieldsIn<T>(value: unknown): Unchecked<T> {
  return fieldsOf<T>(value) ?? {};
}
