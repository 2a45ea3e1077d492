// Form rules of the sign-in screen and the username choice (spec section 5), as pure functions.
import { passwordScore } from '@tessera/facts/password';

export const PASSWORD_MIN = 8;
export const USERNAME_MIN = 3;
/** Usernames must be shorter than this ("less than 50 characters"). */
export const USERNAME_LIMIT = 50;
export const CODE_LENGTH = 6;

export const VALIDATION_MESSAGES = {
  email: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  usernameRequired: 'Username is required',
  usernameShort: 'Username must be at least 3 characters',
  usernameLong: 'Username must be less than 50 characters',
  usernameChars: 'Username can only contain letters, numbers, and underscores',
  passwordShort: 'Password must be at least 8 characters long',
  passwordMismatch: 'Passwords do not match',
  code: 'Please enter the 6-digit code',
} as const;

/** Field name to message; a form is valid when the object is empty. */
export type FieldErrors = Partial<Record<string, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some((v) => v !== undefined);
}

export function validateLogin(values: { email: string; password: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!isValidEmail(values.email)) errors.email = VALIDATION_MESSAGES.email;
  if (values.password === '') errors.password = VALIDATION_MESSAGES.passwordRequired;
  return errors;
}

/** Username rules of the username choice: required, 3 or more, under 50, letters/digits/underscore. */
export function usernameError(raw: string): string | null {
  const username = raw.trim();
  if (username === '') return VALIDATION_MESSAGES.usernameRequired;
  if (username.length < USERNAME_MIN) return VALIDATION_MESSAGES.usernameShort;
  if (username.length >= USERNAME_LIMIT) return VALIDATION_MESSAGES.usernameLong;
  if (!/^[A-Za-z0-9_]+$/.test(username)) return VALIDATION_MESSAGES.usernameChars;
  return null;
}

export interface RegisterValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function validateRegister(values: RegisterValues): FieldErrors {
  const errors: FieldErrors = {};
  const username = usernameError(values.username);
  if (username) errors.username = username;
  if (!isValidEmail(values.email)) errors.email = VALIDATION_MESSAGES.email;
  if (values.password.length < PASSWORD_MIN) errors.password = VALIDATION_MESSAGES.passwordShort;
  if (values.confirmPassword !== values.password)
    errors.confirmPassword = VALIDATION_MESSAGES.passwordMismatch;
  return errors;
}

/** Create Account stays disabled until the password has 8 or more characters. */
export function canSubmitRegister(password: string): boolean {
  return password.length >= PASSWORD_MIN;
}

export function validateResetEmail(email: string): FieldErrors {
  return isValidEmail(email) ? {} : { email: VALIDATION_MESSAGES.email };
}

/** The reset code field keeps digits only, at most 6. */
export function sanitizeCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

export function validateReset(values: { code: string; newPassword: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!new RegExp(`^\\d{${CODE_LENGTH}}$`).test(values.code)) errors.code = VALIDATION_MESSAGES.code;
  if (values.newPassword.length < PASSWORD_MIN) errors.newPassword = VALIDATION_MESSAGES.passwordShort;
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
