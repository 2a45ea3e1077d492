/**
 * Account input rules (spec section 5). The rules and their messages are @tessera/facts/account,
 * shared with the web app's forms; here they take the service's `{field, message}` shape, beside
 * the rules only the service applies (how an address or a name is compared).
 */
import { passwordMessage, usernameMessage } from '@tessera/facts/account';

/** Trimmed and lower-cased, so one mailbox is one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export type Problem = { field: string; message: string } | null;

export function checkUsername(username: string): Problem {
  const message = usernameMessage(username);
  return message === null ? null : { field: 'username', message };
}

/** Usernames are unique without regard to case ("Ada" and "ada" are one name). */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

export function checkPassword(password: string): Problem {
  const message = passwordMessage(password);
  return message === null ? null : { field: 'password', message };
}
