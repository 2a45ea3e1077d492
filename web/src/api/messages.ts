// Friendly texts for the server's error codes (spec section 8, "Server codes with friendly messages").
import { SESSION_MESSAGES } from '@tessera/facts/account';
import { RATE_LIMIT_MESSAGE } from '@tessera/facts/http';
import { GENERIC_MESSAGES, errorKind, isApiError } from './errors.js';

export const SERVER_CODE_MESSAGES = {
  INVALID_CREDENTIALS: "That email or password doesn't look right. Please check both and try again.",
  INVALID_TOKEN: SESSION_MESSAGES.ended,
  REFRESH_TOKEN_INVALID: SESSION_MESSAGES.ended,
  TOKEN_EXPIRED: SESSION_MESSAGES.expired,
  REFRESH_TOKEN_EXPIRED: SESSION_MESSAGES.expired,
  ACCOUNT_LOCKED: 'Your account is temporarily locked. Please try again later or contact support.',
  EMAIL_NOT_VERIFIED: 'Please verify your email address before signing in.',
  ACCOUNT_DISABLED: 'This account is inactive. Please contact support if you think this is a mistake.',
  INVALID_EMAIL: 'Please enter a valid email address',
  INVALID_PASSWORD: 'Your password must be at least 8 characters long.',
  INVALID_OTP: "That reset code doesn't match. Please check the code and try again.",
  OTP_EXPIRED: 'That reset code has expired. Please request a new one.',
  MISSING_FIELD: 'Please fill in every required field.',
  EMAIL_ALREADY_EXISTS: 'An account with this email already exists. Try signing in instead.',
  USERNAME_ALREADY_EXISTS: 'That username is already taken. Please choose another one.',
  RATE_LIMIT_EXCEEDED: RATE_LIMIT_MESSAGE,
  TOO_MANY_REQUESTS: RATE_LIMIT_MESSAGE,
  INTERNAL_SERVER_ERROR: 'Something went wrong on our side. Please try again in a moment.',
  EMAIL_SEND_FAILED: "We couldn't send the email right now. Please try again in a few minutes.",
  TOKEN_CREATION_FAILED: "We couldn't start your session. Please try signing in again.",
  RESET_FAILED: "We couldn't reset your password. Please request a new code and try again.",
  USER_NOT_FOUND: "We couldn't find an account with those details.",
} as const;

export type ServerErrorCode = keyof typeof SERVER_CODE_MESSAGES;

export function isServerErrorCode(code: string): code is ServerErrorCode {
  return Object.prototype.hasOwnProperty.call(SERVER_CODE_MESSAGES, code);
}

/**
 * The text to show a person for any error thrown by the API client (or anything else): the friendly
 * text of a known server code, the connection text when no answer arrived (errorKind 'network'; a
 * timeout keeps the spec's own "Request timeout after 30000ms"), the server's own message
 * for a refusal (4xx), the message of the app's own errors (they carry the spec's texts), else
 * `fallback`. A 5xx's message is about the server, not about what the person did, so the caller's
 * fallback (what failed, in their words) says it better.
 */
export function friendlyMessage(error: unknown, fallback: string = GENERIC_MESSAGES.fallback): string {
  if (errorKind(error) === 'network') return GENERIC_MESSAGES.network;
  if (isApiError(error)) {
    if (isServerErrorCode(error.code)) return SERVER_CODE_MESSAGES[error.code];
    if (error.status >= 500 || error.message.trim() === '' || error.message === GENERIC_MESSAGES.fallback)
      return fallback;
    return error.message;
  }
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}

/** Form fields an error points at: INVALID_CREDENTIALS flags both e-mail and password. */
export function flaggedFields(error: unknown): string[] {
  if (!isApiError(error)) return [];
  if (error.code === 'INVALID_CREDENTIALS') return ['email', 'password'];
  return error.field === null ? [] : [error.field];
}
