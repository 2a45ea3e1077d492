// The signed-in user as the web app keeps it, and normalisation of the server's user shapes.
import { isRecord, readString } from '../lib/json.js';

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

/**
 * Reads a user record from the server (snake_case, id at top level or under `data`, `_id` from document
 * stores) or from local storage (camelCase). Returns null when there is no usable id and e-mail.
 */
export function toAuthUser(raw: unknown): AuthUser | null {
  if (!isRecord(raw)) return null;
  const source = isRecord(raw.data) && raw.id === undefined && raw._id === undefined ? raw.data : raw;
  const candidate = isRecord(source.user) && source.id === undefined ? source.user : source;
  const id = readString(candidate.id) ?? readString(candidate._id) ?? readString(candidate.userId);
  const email = readString(candidate.email);
  if (id === null || email === null) return null;
  const username = readString(candidate.username);
  const flag = candidate.needs_username_selection ?? candidate.needsUsernameSelection;
  return {
    id,
    username,
    email,
    needsUsernameSelection: flag === true || (flag === undefined && username === null),
  };
}

/** Reads a token response, top level or under `data`. Null when no access token is present. */
export function toTokenGrant(raw: unknown): TokenGrant | null {
  if (!isRecord(raw)) return null;
  const source = isRecord(raw.data) && raw.access_token === undefined ? raw.data : raw;
  const accessToken = readString(source.access_token ?? source.accessToken);
  if (accessToken === null) return null;
  const rawExpires = Number(source.expires_in ?? source.expiresIn);
  const needs = source.needs_username_selection ?? source.needsUsernameSelection;
  return {
    accessToken,
    expiresIn: Number.isFinite(rawExpires) && rawExpires > 0 ? rawExpires : 0,
    tokenType: readString(source.token_type ?? source.tokenType) ?? 'Bearer',
    user: toAuthUser(source.user),
    needsUsernameSelection: typeof needs === 'boolean' ? needs : null,
  };
}
