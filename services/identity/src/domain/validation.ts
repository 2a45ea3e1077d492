/** Account input rules (spec section 5); pure functions shared by the service and its tests. */
import { passwordScore } from '@tessera/facts/password';

export const PASSWORD_MIN = 8;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 256;

// no whitespace and no control characters (NUL, BEL, DEL...): such an address can never receive mail
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
const USERNAME = /^[A-Za-z0-9_]+$/;

/** Trimmed and lower-cased, so one mailbox is one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  const e = email.trim();
  return e.length <= EMAIL_MAX && EMAIL.test(e);
}

export type Problem = { field: string; message: string } | null;

export function checkUsername(username: string): Problem {
  const u = username.trim();
  if (u.length === 0) return { field: 'username', message: 'Username is required' };
  if (u.length < USERNAME_MIN)
    return { field: 'username', message: 'Username must be at least 3 characters' };
  if (u.length >= USERNAME_MAX)
    return { field: 'username', message: 'Username must be less than 50 characters' };
  if (!USERNAME.test(u)) {
    return { field: 'username', message: 'Username can only contain letters, numbers, and underscores' };
  }
  return null;
}

/** Usernames are unique without regard to case ("Ada" and "ada" are one name). */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

export function checkPassword(password: string): Problem {
  if (password.length < PASSWORD_MIN)
    return { field: 'password', message: 'Password must be at least 8 characters long' };
  if (password.length > PASSWORD_MAX)
    return { field: 'password', message: 'Password must be at most 256 characters' };
  return null;
}

/** Score 0..6: length >= 8, length >= 12, lowercase, uppercase, digit, symbol (@tessera/facts/password). */
export const passwordStrength = passwordScore;
