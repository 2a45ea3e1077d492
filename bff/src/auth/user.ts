/** The spec's User and token response (`@tessera/api/auth`), from identity's messages. */
import type { TokenResponse, User as UserJson, UserResponse } from '@tessera/api/auth';
import type { Session, User } from '@tessera/proto/tessera/identity/v1/identity_pb.js';

export function userJson(user: User | undefined): UserJson {
  if (!user || user.id === '') throw new Error('identity returned no user');
  return {
    id: user.id,
    username: user.username === '' ? null : user.username,
    email: user.email,
    needs_username_selection: user.needsUsernameSelection,
  };
}

/** `{success, access_token, expires_in, token_type, user}`; the refresh token never goes in a body. */
export function tokenResponse(session: Session | undefined): TokenResponse {
  if (!session || session.accessToken === '') throw new Error('identity returned no session');
  return {
    success: true,
    access_token: session.accessToken,
    expires_in: session.expiresIn,
    token_type: session.tokenType || 'Bearer',
    user: userJson(session.user),
  };
}

/** `{success, data: user, ...user}`: "id at top level or under data" both work. */
export function userResponse(user: User | undefined): UserResponse {
  const u = userJson(user);
  return { success: true, data: u, ...u };
}
