/**
 * What other route modules use from the auth layer:
 *
 * - `requireAuth(deps)`: route middleware; 401 UNAUTHORIZED / TOKEN_EXPIRED / INVALID_TOKEN.
 * - `optionalAuth(deps)`: route middleware for public routes; a stale token is ignored.
 * - `authOf(ctx)` / `getAuth(ctx)`: the caller (`{ userId, username?, email?, tokenId?, expiresAt }`).
 * - `tokenVerifierFor(deps)`: the shared access-token verifier (e.g. for the event stream).
 */
export {
  authOf,
  authenticate,
  bearerToken,
  getAuth,
  optionalAuth,
  requireAuth,
  tokenVerifierFor,
} from './middleware.js';
export {
  TokenVerifier,
  parseSigningKeys,
  type AuthContext,
  type SigningKeys,
  type VerifyResult,
} from './token-verifier.js';
export { clientInfo, clientIp } from './client-info.js';
export { COOKIE, cookieName, isSecureContext } from './cookies.js';
export { userJson, type UserJson } from './user.js';
