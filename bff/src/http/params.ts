/**
 * Reading a request strictly: the JSON body and its fields, path and query values, and the pixel
 * lists of the payment routes. Each reader returns the value or throws `HttpError` with the spec's
 * error body (400 and the field), so a route never sees a value of the wrong type, size or range,
 * and every route words the same refusal the same way.
 */
import type { Context } from 'koa';
import type { ErrorCode } from '@tessera/kit';
import { canonicalColor } from '@tessera/facts/colour';
import { BOARD_SIZE, MAX_CANVAS_INDEX, TOTAL_BOARDS } from '@tessera/facts/grid';
import { isPrintableText } from '@tessera/facts/inputs';
import { readOrderPixels } from '@tessera/facts/orders';
import { MAX_PIXELS_PER_ORDER } from '@tessera/facts/pricing';
import { HttpError } from '../middleware/errors.js';

const invalid = (field: string, message: string, code: ErrorCode = 'VALIDATION_ERROR') =>
  new HttpError(code, message, field);

// ---- the body and its containers -------------------------------------------------------------

/** The request body as an object; no body counts as `{}`. Arrays and scalars are refused. */
export function bodyOf(ctx: Pick<Context, 'request'>): Record<string, unknown> {
  const body = ctx.request.body;
  if (body === undefined || body === null) return {};
  // Like JSON that does not parse, a body of the wrong shape is a malformed request (BAD_REQUEST).
  if (typeof body !== 'object' || Array.isArray(body))
    throw new HttpError('BAD_REQUEST', 'Request body must be a JSON object');
  return body as Record<string, unknown>;
}

/** Whether an optional field was left out: absent, or given as null (JSON's way of saying none). */
export function isAbsent(value: unknown): value is undefined | null {
  return value === undefined || value === null;
}

/**
 * An optional field: `fallback` when it is absent (isAbsent), else `read(value)`, whose refusal
 * stands. `readOptional(body.metadata, (v) => readObject(v, 'metadata'), {})`.
 */
export function readOptional<T, F>(value: unknown, read: (value: unknown) => T, fallback: F): T | F {
  return isAbsent(value) ? fallback : read(value);
}

/** A JSON object field. */
export function readObject(value: unknown, field: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw invalid(field, `${field} must be an object`);
  return value as Record<string, unknown>;
}

/** A list of 1 to `max` items. */
export function readList(value: unknown, field: string, max: number): unknown[] {
  if (!Array.isArray(value)) throw invalid(field, `${field} must be a list`);
  if (value.length === 0) throw invalid(field, `${field} must not be empty`);
  if (value.length > max) throw invalid(field, `${field} holds at most ${max} items`);
  return value;
}

/** Refuses keys the route does not know ("\"purchase_price\" is not allowed"). */
export function onlyKeys(body: Record<string, unknown>, allowed: readonly string[]): void {
  for (const k of Object.keys(body))
    if (!allowed.includes(k)) throw invalid(k.slice(0, 50), `"${k.slice(0, 50)}" is not allowed`);
}

// ---- text ------------------------------------------------------------------------------------

export interface TextRule {
  /** The longest value taken (after trimming when `trim`). */
  max: number;
  /** A missing, null or empty value is refused (else it reads as ''). */
  required?: boolean;
  /** Surrounding whitespace is dropped, and a value of whitespace only counts as empty. */
  trim?: boolean;
  /** Control characters (U+0000 to U+001F, U+007F) are refused: for ids, codes and addresses. */
  oneLine?: boolean;
  /** The field's name in messages ("Email is required"); the field itself by default. */
  label?: string;
  /** Code for a missing value (default MISSING_FIELD). */
  missing?: ErrorCode;
  /** Code for a value of the wrong type, length or characters (default VALIDATION_ERROR). */
  invalid?: ErrorCode;
}

/** A string field by its rule; an absent optional one is ''. */
export function readText(value: unknown, field: string, rule: TextRule): string {
  const label = rule.label ?? field;
  const missing = () => invalid(field, `${label} is required`, rule.missing ?? 'MISSING_FIELD');
  const bad = (what: string) => invalid(field, `${label} ${what}`, rule.invalid);
  if (value === undefined || value === null || value === '') {
    if (rule.required) throw missing();
    return '';
  }
  if (typeof value !== 'string') throw bad('must be a string');
  const text = rule.trim ? value.trim() : value;
  if (text === '' && rule.required) throw missing();
  if (text.length > rule.max) throw bad(`must be at most ${rule.max} characters`);
  if (rule.oneLine && !isPrintableText(text)) throw bad('must not contain control characters');
  return text;
}

// ---- integers --------------------------------------------------------------------------------

export interface IntRule {
  min: number;
  max: number;
  /** Also take decimal digits as text (path and query values, metadata strings); never a sign. */
  digits?: boolean;
}

// No sign, point or exponent: only what a person or a path writes as a whole number. A text too
// long for a safe integer is refused by the range check below.
const DIGITS = /^\d+$/;

/** A whole number from `min` to `max`: a JSON number, or (with `digits`) its decimal digits. */
export function readInt(value: unknown, field: string, rule: IntRule): number {
  const n = rule.digits && typeof value === 'string' && DIGITS.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < rule.min || n > rule.max)
    throw invalid(field, `${field} must be an integer from ${rule.min} to ${rule.max}`);
  return n;
}

/** A pixel coordinate inside a board (0 to BOARD_SIZE - 1). */
export function readCoordinate(value: unknown, field: string): number {
  return readInt(value, field, { min: 0, max: BOARD_SIZE - 1 });
}

// ---- path and query values -------------------------------------------------------------------

/** A query value given once (a repeated parameter is refused); undefined when absent. */
export function single(raw: unknown, field: string): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw invalid(field, `${field} must be given once`);
  return raw;
}

/** An optional integer query value: absent or empty is `fallback`. */
export function queryInt(
  raw: unknown,
  field: string,
  rule: Omit<IntRule, 'digits'>,
  fallback: number,
): number {
  const s = single(raw, field);
  if (s === undefined || s === '') return fallback;
  return readInt(s, field, { ...rule, digits: true });
}

/** An optional true/false query value ('true'/'1', 'false'/'0'): absent or empty is `fallback`. */
export function parseBool(raw: unknown, field: string, fallback: boolean): boolean {
  const s = single(raw, field);
  if (s === undefined || s === '') return fallback;
  if (s === 'true' || s === '1') return true;
  if (s === 'false' || s === '0') return false;
  throw invalid(field, `${field} must be true or false`);
}

/** A canvas index from the path or the query (which canvases exist is the canvas service's answer). */
export function parseCanvasIndex(raw: unknown, field = 'canvasIndex'): number {
  return readInt(raw, field, { min: 0, max: MAX_CANVAS_INDEX, digits: true });
}

export function parseBoardIndex(raw: unknown, field = 'boardIndex'): number {
  return readInt(raw, field, { min: 0, max: TOTAL_BOARDS - 1, digits: true });
}

// ---- pixel lists -----------------------------------------------------------------------------

/**
 * What a list says of each pixel's colour: `artist` (batch-reset: the artist's colour, no colour
 * read), `custom` (batch-update: a colour each), `either` (an order: `isDefault` true for the
 * artist's colour, else a colour).
 */
export type PixelColours = 'artist' | 'custom' | 'either';

export interface PixelInput {
  x: number;
  y: number;
  /** '#RRGGBB' in upper case; '' for the artist's colour. */
  color: string;
  isDefault: boolean;
}

/**
 * `body.pixels`: 1 to MAX_PIXELS_PER_ORDER pixels of one board, each listed once, with whole
 * coordinates 0 to 48 and, where the pixel is not in the artist's colour, a wire colour '#RRGGBB'
 * (any case; sent on in upper case).
 */
export function readPixels(body: Record<string, unknown>, opts: { color: PixelColours }): PixelInput[] {
  // each item's JSON shape here, naming the item's field; the order's rules (listed once, ...) are facts'
  const pixels = readList(body.pixels, 'pixels', MAX_PIXELS_PER_ORDER).map((raw, i) => {
    const at = `pixels[${i}]`;
    const p = readObject(raw, at);
    const x = readCoordinate(p.x, `${at}.x`);
    const y = readCoordinate(p.y, `${at}.y`);
    const isDefault = pixelIsDefault(p.isDefault, at, opts.color);
    return { x, y, color: isDefault ? '' : readColour(p.color, `${at}.color`), isDefault };
  });
  const order = readOrderPixels(pixels);
  if (!order.ok) throw invalid(order.problem.field, order.problem.message);
  return order.pixels.map(({ x, y, color, isDefault }) => ({ x, y, color, isDefault }));
}

function pixelIsDefault(value: unknown, at: string, colours: PixelColours): boolean {
  if (colours !== 'either') return colours === 'artist';
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw invalid(`${at}.isDefault`, `${at}.isDefault must be true or false`);
  return value;
}

function readColour(value: unknown, field: string): string {
  if (value === undefined || value === null || value === '')
    throw invalid(field, `${field} is required`, 'MISSING_FIELD');
  const color = canonicalColor(value);
  if (color === undefined) throw invalid(field, `${field} must be a colour like #RRGGBB`);
  return color;
}
