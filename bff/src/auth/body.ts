/**
 * The auth routes' body fields, read with the BFF's request readers (`../http/params.ts`): each is
 * required, named in its message ("Email is required"), trimmed unless it is a password, and refused
 * with the code the web app maps (INVALID_EMAIL, INVALID_PASSWORD, ...).
 */
import type { ErrorCode } from '@tessera/kit';
import { readText } from '../http/params.js';

const LABELS: Record<string, string> = {
  email: 'Email',
  password: 'Password',
  username: 'Username',
  otp: 'Reset code',
  code: 'Verification code',
  newPassword: 'New password',
  exchange_token: 'Exchange token',
};

/** Upper bounds the BFF enforces; identity applies the exact rules (format, minimum lengths). */
export const FIELD_MAX = {
  email: 320,
  password: 1024,
  username: 100,
  otp: 16,
  exchangeToken: 512,
} as const;

/** A required auth field of 1..max characters; `invalid` is the code of a wrong type or length. */
export function authField(
  body: Record<string, unknown>,
  field: string,
  rule: { max: number; invalid: ErrorCode },
): string {
  return readText(body[field], field, {
    max: rule.max,
    required: true,
    // a password is taken as typed: its spaces are part of it
    trim: !/password/i.test(field),
    label: LABELS[field] ?? field,
    invalid: rule.invalid,
  });
}
