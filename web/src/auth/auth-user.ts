// The signed-in user as the web app keeps it, read from the server's user and token shapes
// (`@tessera/api/auth`, snake_case: the only spelling the web app reads) and from local storage.
import type { OAuthExchangeResponse, User, UserResponseAsRead } from '@tessera/api/auth';
import { fieldsOf, readString } from '../lib/json.js';

export interface AuthUser {
  id: string;
  /** Null until the user has chosen one (OAuth sign-ups). */
  username: string | null;
  email: string;
  needsUsernameSelection: boolean;
}

/** Access token as returned by login, register, refresh-cookie and the OAuth exchange. */
export interface TokenGrant {
  accessToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  tokenType: string;
  user: AuthUser | null;
  needsUsernameSelection: boolean | null;
}

/** A user with its id, e-mail and username, and its flag when it has one (else: needed while no username). */
function authUser(id: string | null, email: string | null, username: string | null, flag: unknown) {
  if (id === null || email === null) return null;
  return {
    id,
    username,
    email,
    needsUsernameSelection: flag === true || (flag === undefined && username === null),
  };
}

/** Reads the server's User (`@tessera/api/auth`). Null when there is no usable id and e-mail. */
export function toAuthUser(raw: unknown): AuthUser | null {
  const u = fieldsOf<User>(raw);
  if (u === null) return null;
  const username = readString(u.username);
  return authUser(readString(u.id), readString(u.email), username, u.needs_username_selection);
}

/** Reads `GET /auth/me` and `PATCH /auth/update-username`: the user under `data` (UserResponseAsRead). */
export function toResponseUser(body: unknown): AuthUser | null {
  return toAuthUser(fieldsOf<UserResponseAsRead>(body)?.data);
}

/** Reads the user this app wrote to local storage (an AuthUser as JSON). */
export function toStoredUser(raw: unknown): AuthUser | null {
  const u = fieldsOf<AuthUser>(raw);
  if (u === null) return null;
  return authUser(readString(u.id), readString(u.email), readString(u.username), u.needsUsernameSelection);
}

/**
 * Reads a token response (`TokenResponse`, or `OAuthExchangeResponse` with its top-level
 * needs_username_selection). Null when no access token is present.
 */
export function toTokenGrant(raw: unknown): TokenGrant | null {
  const t = fieldsOf<OAuthExchangeResponse>(raw);
  const accessToken = readString(t?.access_token);
  if (t === null || accessToken === null) return null;
  const rawExpires = Number(t.expires_in);
  const needs = t.needs_username_selection;
  return {
    accessToken,
    expiresIn: Number.isFinite(rawExpires) && rawExpires > 0 ? rawExpires : 0,
    tokenType: readString(t.token_type) ?? 'Bearer',
    user: toAuthUser(t.user),
    needsUsernameSelection: typeof needs === 'boolean' ? needs : null,
  };
}
