/**
 * Sign-in and the session (spec section 7, "Security and auth"; section 3's User and token response),
 * the e-mail verification of who may vote, and the sign-in providers (a BFF addition). The refresh
 * token never travels in a body: it stays in its HttpOnly cookie.
 */
import { z } from 'zod';

/** The spec's User (section 3). */
export const User = z.object({
  id: z.string().min(1),
  /** null until chosen (OpenID Connect sign-ups). */
  username: z.string().nullable(),
  email: z.string(),
  needs_username_selection: z.boolean(),
});
export type User = z.infer<typeof User>;

/**
 * The token response of `POST /auth/login`, `/auth/register` (201) and `/auth/refresh-cookie`. The web
 * app reads these snake_case names only.
 */
export const TokenResponse = z.object({
  success: z.literal(true),
  access_token: z.string().min(1),
  /** Seconds until the access token expires. */
  expires_in: z.number().int().nonnegative(),
  /** 'Bearer'. */
  token_type: z.string(),
  user: User,
});
export type TokenResponse = z.infer<typeof TokenResponse>;

/**
 * `POST /auth/oauth/exchange`: the token response plus needs_username_selection (spec section 3). The
 * flag is in `user` too; where both are given the web app takes the top-level one.
 */
export const OAuthExchangeResponse = TokenResponse.extend({ needs_username_selection: z.boolean() });
export type OAuthExchangeResponse = z.infer<typeof OAuthExchangeResponse>;

/**
 * `GET /auth/me` and `PATCH /auth/update-username`: the user at the top level and under `data` (spec:
 * "id at top level or under data"). The web app reads `data` (`UserResponseAsRead`).
 */
export const UserResponse = User.extend({ success: z.literal(true), data: User });
export type UserResponse = z.infer<typeof UserResponse>;
export type UserResponseAsRead = Pick<UserResponse, 'data'>;

/** `{success, message}`: logout, the two reset calls and the e-mail confirmation. */
export const MessageResponse = z.object({ success: z.literal(true), message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** `POST /auth/email-verification`: a code was mailed (`message` says where), or the address is verified. */
export const EmailVerificationResponse = MessageResponse.extend({ alreadyVerified: z.boolean() });
export type EmailVerificationResponse = z.infer<typeof EmailVerificationResponse>;

/** `GET /auth/providers` (a BFF addition): which external sign-in providers are configured. */
export const AuthProvider = z.object({
  id: z.string().min(1),
  name: z.string(),
  configured: z.boolean(),
  /** Where the browser goes to start, e.g. `/api/auth/google`. */
  url: z.string(),
});
export type AuthProvider = z.infer<typeof AuthProvider>;
export const ProvidersResponse = z.object({ success: z.literal(true), data: z.array(AuthProvider) });
export type ProvidersResponse = z.infer<typeof ProvidersResponse>;

// Request bodies. The BFF reads each field with its own checks (required, type, length: the spec's
// messages and codes) and builds these from them; the web app sends them.

export const LoginRequest = z.object({ email: z.string(), password: z.string() });
export type LoginRequest = z.infer<typeof LoginRequest>;

export const RegisterRequest = LoginRequest.extend({ username: z.string() });
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const ResetEmailRequest = z.object({ email: z.string() });
export type ResetEmailRequest = z.infer<typeof ResetEmailRequest>;

export const ResetPasswordRequest = z.object({ email: z.string(), otp: z.string(), newPassword: z.string() });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const UpdateUsernameRequest = z.object({ username: z.string() });
export type UpdateUsernameRequest = z.infer<typeof UpdateUsernameRequest>;

export const OAuthExchangeRequest = z.object({ exchange_token: z.string() });
export type OAuthExchangeRequest = z.infer<typeof OAuthExchangeRequest>;

export const ConfirmEmailRequest = z.object({ code: z.string() });
export type ConfirmEmailRequest = z.infer<typeof ConfirmEmailRequest>;

/**
 * A CSRF token (spec section 7): `GET /csrf/csrf-token` (public), `GET /csrf/csrf-token-secure` (bearer)
 * and `POST /csrf/refresh-csrf-token`. Its expiry is given twice, `expires` (ISO 8601) and `expiresIn`
 * (seconds); the web app reads `expiresIn` (no clock skew between server and browser): `CsrfTokenAsRead`.
 */
export const CsrfToken = z.object({
  csrfToken: z.string().min(1),
  expires: z.iso.datetime(),
  expiresIn: z.number().int().nonnegative(),
});
export type CsrfToken = z.infer<typeof CsrfToken>;
export const CsrfTokenResponse = z.object({ success: z.literal(true), data: CsrfToken });
export type CsrfTokenResponse = z.infer<typeof CsrfTokenResponse>;
export type CsrfTokenAsRead = { data: Pick<CsrfToken, 'csrfToken' | 'expiresIn'> };
