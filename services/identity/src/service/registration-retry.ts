/**
 * Idempotent registration: a registration whose answer was lost (the caller's deadline passed while
 * the password was hashed and the account stored) is retried with the same e-mail, username and
 * password. Within REGISTRATION_RETRY_MS of the account's creation, that retry gets the same account
 * (a new session, as a sign-in would) instead of EMAIL_ALREADY_EXISTS; anything else still gets
 * EMAIL_ALREADY_EXISTS. The password is checked like a sign-in: throttled per account and source.
 */
import type { UserDoc } from '../domain/documents.js';
import { usernameKey } from '../domain/validation.js';
import type { IdentityDeps } from './deps.js';

export const REGISTRATION_RETRY_MS = 10 * 60_000;

/** The existing account when this registration is a retry of the one that created it, else null. */
export async function retriedRegistration(
  deps: Pick<IdentityDeps, 'clock' | 'hasher' | 'throttle'>,
  existing: UserDoc,
  input: { username: string; password: string; source: string },
): Promise<UserDoc | null> {
  const now = deps.clock.now();
  if (
    existing.passwordHash === undefined ||
    existing.usernameKey !== usernameKey(input.username) ||
    now - existing.createdAt > REGISTRATION_RETRY_MS
  ) {
    return null;
  }
  if (!(await deps.throttle.check(existing.email, now, input.source)).allowed) return null;
  if (await deps.hasher.verify(input.password, existing.passwordHash, input.source)) return existing;
  await deps.throttle.fail(existing.email, now, input.source);
  return null;
}
