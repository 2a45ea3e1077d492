// Form rules of the sign-in screen and the username choice (spec section 5), as pure functions. The
// e-mail, username and password rules and their messages are @tessera/facts/account, the identity
// service's own, so a form refuses exactly what the server would.
import {
  ACCOUNT_MESSAGES,
  PASSWORD_MIN,
  RESET_CODE_LENGTH,
  isResetCodeShape,
  isValidEmail,
  passwordMessage,
  usernameMessage,
} from '@tessera/facts/account';
import { passwordScore } from '@tessera/facts/password';

/** The form-only texts (the account rules' texts are ACCOUNT_MESSAGES). */
export const FORM_MESSAGES = {
  passwordRequired: 'Password is required',
  passwordMismatch: 'Passwords do not match',
} as const;

/** Field name to message; a form is valid when the object is empty. */
export type FieldErrors = Partial<Record<string, string>>;

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((v) => v !== undefined);
}

export function validateLogin(values: { email: string; password: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!isValidEmail(values.email)) errors.email = ACCOUNT_MESSAGES.email;
  if (values.password === '') errors.password = FORM_MESSAGES.passwordRequired;
  return errors;
}

export interface RegisterValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function validateRegister(values: RegisterValues): FieldErrors {
  const errors: FieldErrors = {};
  const username = usernameMessage(values.username);
  if (username) errors.username = username;
  if (!isValidEmail(values.email)) errors.email = ACCOUNT_MESSAGES.email;
  const password = passwordMessage(values.password);
  if (password) errors.password = password;
  if (values.confirmPassword !== values.password) errors.confirmPassword = FORM_MESSAGES.passwordMismatch;
  return errors;
}

/** Create Account stays disabled until the password has 8 or more characters. */
export function canSubmitRegister(password: string): boolean {
  return password.length >= PASSWORD_MIN;
}

export function validateResetEmail(email: string): FieldErrors {
  return isValidEmail(email) ? {} : { email: ACCOUNT_MESSAGES.email };
}

/** The reset code field keeps digits only, at most RESET_CODE_LENGTH. */
export function sanitizeCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, RESET_CODE_LENGTH);
}

export function validateReset(values: { code: string; newPassword: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!isResetCodeShape(values.code)) errors.code = ACCOUNT_MESSAGES.resetCode;
  const newPassword = passwordMessage(values.newPassword);
  if (newPassword) errors.newPassword = newPassword;
  return errors;
}

export const STRENGTH_LABELS = ['Very Weak', 'Weak', 'Fair', 'Good', 'Strong', 'Very Strong'] as const;
export type StrengthLabel = (typeof STRENGTH_LABELS)[number];
export const STRENGTH_MAX = 6;
export const STRENGTH_GOOD = 4;

export interface PasswordStrength {
  /** 0..6: length >= 8, length >= 12, lowercase, uppercase, digit, symbol. */
  score: number;
  label: StrengthLabel;
  /** Score 4 or more is shown green. */
  strong: boolean;
}

export function passwordStrength(password: string): PasswordStrength {
  const score = passwordScore(password);
  // Six labels over seven scores: 0 and 1 are both "Very Weak".
  const label = STRENGTH_LABELS[Math.max(0, score - 1)] ?? 'Very Weak';
  return { score, label, strong: score >= STRENGTH_GOOD };
}
