// Texts of the password flows and the OAuth callback (spec sections 4 and 8), and how a failed auth
// call is shown on a form. The reset calls' success texts are the BFF's answers too:
// RESET_MESSAGES of @tessera/facts/account.
import { isApiError } from '../../api/errors.js';
import { flaggedFields, friendlyMessage } from '../../api/messages.js';
import type { FieldErrors } from './validation.js';

export const PASSWORD_FLOW_MESSAGES = {
  registered: 'Registration successful! Redirecting...',
  codeResent: 'Reset code has been resent to your email.',
  sendFailed: 'Failed to send reset email. Please try again.',
  resendFailed: 'Failed to resend code. Please try again.',
  resetFailed: 'Failed to reset password. Please try again.',
} as const;

export const CALLBACK_MESSAGES = {
  working: 'Completing authentication...',
  title: 'Authentication Error',
  redirecting: 'Redirecting to login page...',
  googleFailed: 'Authentication with Google failed',
  failed: 'Authentication failed. Please try again.',
  noToken: 'No exchange token found in callback URL',
} as const;

/** Redirect delays of spec section 9, in milliseconds (after a session expired: auth-dialog/session-expiry.ts). */
export const DELAYS = {
  afterRegistration: 1500,
  afterReset: 2000,
  afterOAuthFailure: 3000,
} as const;

export interface FormFailure {
  /** Shown above the form; null when the message sits under its field. */
  banner: string | null;
  /** Messages under single fields. */
  fields: FieldErrors;
  /** Fields outlined as wrong (INVALID_CREDENTIALS flags e-mail and password). */
  flagged: string[];
}

/**
 * Spreads a failed call over a form: a message about one known field goes under it; anything else
 * (including INVALID_CREDENTIALS, which flags both fields) goes into the banner.
 */
export function formFailure(
  error: unknown,
  fallback: string,
  knownFields: readonly string[],
  fieldAliases: Record<string, string> = {},
): FormFailure {
  const message = friendlyMessage(error, fallback);
  const flagged = flaggedFields(error)
    .map((f) => fieldAliases[f] ?? f)
    .filter((f) => knownFields.includes(f));
  const onlyField = flagged.length === 1 ? flagged[0] : undefined;
  if (onlyField !== undefined && !(isApiError(error) && error.code === 'INVALID_CREDENTIALS')) {
    return { banner: null, fields: { [onlyField]: message }, flagged };
  }
  return { banner: message, fields: {}, flagged };
}

export const NO_FAILURE: FormFailure = { banner: null, fields: {}, flagged: [] };
