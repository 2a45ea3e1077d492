/** Strict reading of the payment routes' bodies: wrong types and sizes are 400 with the field. */
import type { Message } from '@bufbuild/protobuf';
import { BOARD_SIZE } from '@tessera/facts/grid';
import type { BillingAddress } from '@tessera/proto/tessera/payment/v1/payment_pb.js';
import { HttpError } from '../middleware/errors.js';

export function obj(v: unknown, field: string): Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v))
    throw new HttpError('VALIDATION_ERROR', `${field} must be an object`, field);
  return v as Record<string, unknown>;
}

export function int(v: unknown, field: string, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max)
    throw new HttpError('VALIDATION_ERROR', `${field} must be an integer from ${min} to ${max}`, field);
  return v;
}

/** An integer given as a number or a decimal string (metadata values are strings). */
/** A pixel coordinate inside a board (0 to BOARD_SIZE - 1). */
export function coordinate(v: unknown, field: string): number {
  return int(v, field, 0, BOARD_SIZE - 1);
}

export function intLike(v: unknown, field: string, min: number, max: number): number {
  if (typeof v === 'string' && /^\d{1,10}$/.test(v)) return int(Number(v), field, min, max);
  return int(v, field, min, max);
}

export function str(v: unknown, field: string, max: number, opts: { required?: boolean } = {}): string {
  if (v === undefined || v === null || v === '') {
    if (opts.required) throw new HttpError('MISSING_FIELD', `${field} is required`, field);
    return '';
  }
  if (typeof v !== 'string') throw new HttpError('VALIDATION_ERROR', `${field} must be a string`, field);
  if (v.length > max)
    throw new HttpError('VALIDATION_ERROR', `${field} must be at most ${max} characters`, field);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(v))
    throw new HttpError('VALIDATION_ERROR', `${field} must not contain control characters`, field);
  return v;
}

export function arr(v: unknown, field: string, max: number): unknown[] {
  if (!Array.isArray(v)) throw new HttpError('VALIDATION_ERROR', `${field} must be a list`, field);
  if (v.length === 0) throw new HttpError('VALIDATION_ERROR', `${field} must not be empty`, field);
  if (v.length > max) throw new HttpError('VALIDATION_ERROR', `${field} holds at most ${max} items`, field);
  return v;
}

/** A payment intent id from the path or a body. */
export function intentId(v: unknown, field = 'paymentIntentId'): string {
  const s = str(v, field, 200, { required: true });
  if (!/^[A-Za-z0-9_]+$/.test(s)) throw new HttpError('VALIDATION_ERROR', `${field} is malformed`, field);
  return s;
}

/** Refuses keys the route does not know ("\"purchase_price\" is not allowed"). */
export function onlyKeys(body: Record<string, unknown>, allowed: readonly string[]): void {
  for (const k of Object.keys(body))
    if (!allowed.includes(k))
      throw new HttpError('VALIDATION_ERROR', `"${k.slice(0, 50)}" is not allowed`, k.slice(0, 50));
}

/** The payment service's BillingAddress fields, read from the spec's body. */
export type AddressFields = Omit<BillingAddress, keyof Message>;

/** The spec's billing address (snake_case `postal_code`); the payment service applies the rules. */
export function address(v: unknown, field = 'billingAddress'): AddressFields {
  const a = obj(v, field);
  return {
    line1: str(a.line1, `${field}.line1`, 1000),
    line2: str(a.line2, `${field}.line2`, 1000),
    city: str(a.city, `${field}.city`, 1000),
    state: str(a.state, `${field}.state`, 100),
    postalCode: str(a.postal_code ?? a.postalCode, `${field}.postal_code`, 100),
    country: str(a.country, `${field}.country`, 100),
  };
}
