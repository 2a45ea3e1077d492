// The auth calls of spec section 7 (request and response bodies: `@tessera/api/auth`). Calls that start
// a session store it in the AuthStore and return where the user goes next.
import type {
  AuthProvider,
  ConfirmEmailRequest,
  EmailVerificationResponse,
  LoginRequest,
  OAuthExchangeRequest,
  ProvidersResponse,
  RegisterRequest,
  ResetEmailRequest,
  ResetPasswordRequest,
  UpdateUsernameRequest,
} from '@tessera/api/auth';
import type { ApiClient } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';
import type { AuthStore } from '../../auth/auth-store.js';
import { toResponseUser, toTokenGrant, type AuthUser } from '../../auth/auth-user.js';
import { fieldsOf } from '../../lib/json.js';

export type AfterSignIn = '/canvas' | '/select-username';

export interface AuthDeps {
  api: ApiClient;
  auth: AuthStore;
}

/** Where a freshly signed-in user goes: the username choice if they still need one, else the canvas. */
export function destinationFor(user: AuthUser | null, needsUsername: boolean | null = null): AfterSignIn {
  return needsUsername === true || user?.needsUsernameSelection ? '/select-username' : '/canvas';
}

function storeGrant(deps: AuthDeps, body: unknown): AfterSignIn {
  const grant = toTokenGrant(body);
  if (grant === null) {
    throw new ApiError({ code: 'TOKEN_CREATION_FAILED', status: 200, message: 'No access token received' });
  }
  const user =
    grant.user && grant.needsUsernameSelection !== null
      ? { ...grant.user, needsUsernameSelection: grant.needsUsernameSelection }
      : grant.user;
  deps.auth.setSession({ accessToken: grant.accessToken, expiresIn: grant.expiresIn, user });
  return destinationFor(user, grant.needsUsernameSelection);
}

export async function login(deps: AuthDeps, email: string, password: string): Promise<AfterSignIn> {
  const body = await deps.api.post<unknown>(
    '/auth/login',
    { email: email.trim(), password } satisfies LoginRequest,
    { auth: 'none' },
  );
  return storeGrant(deps, body);
}

export async function register(
  deps: AuthDeps,
  values: { username: string; email: string; password: string },
): Promise<AfterSignIn> {
  const body = await deps.api.post<unknown>(
    '/auth/register',
    {
      username: values.username.trim(),
      email: values.email.trim(),
      password: values.password,
    } satisfies RegisterRequest,
    { auth: 'none' },
  );
  return storeGrant(deps, body);
}

/**
 * Sends the reset code (no CSRF, no auth). The form shows its own texts (RESET_MESSAGES), not the
 * body's: a resend is worded differently from the first request.
 */
export async function requestResetCode(api: ApiClient, email: string): Promise<void> {
  const body: ResetEmailRequest = { email: email.trim() };
  await api.post<unknown>('/auth/reset-password-email', body, { auth: 'none' });
}

export async function resetPassword(
  api: ApiClient,
  values: { email: string; otp: string; newPassword: string },
): Promise<void> {
  await api.post<unknown>(
    '/auth/reset-password-logic',
    {
      email: values.email.trim(),
      otp: values.otp,
      newPassword: values.newPassword,
    } satisfies ResetPasswordRequest,
    { auth: 'none' },
  );
}

/**
 * POST /auth/email-verification (signed in, CSRF): mails a 6-digit code to the user's address, or
 * answers alreadyVerified. `message` says where the code went.
 */
export async function sendVerificationCode(
  api: ApiClient,
): Promise<{ alreadyVerified: boolean; message: string }> {
  const body = fieldsOf<EmailVerificationResponse>(
    await api.post<unknown>('/auth/email-verification', {}, { auth: 'required' }),
  );
  return {
    alreadyVerified: body?.alreadyVerified === true,
    message: typeof body?.message === 'string' ? body.message : '',
  };
}

/** POST /auth/email-verification/confirm {code}: the address is verified once it succeeds. */
export async function confirmVerificationCode(api: ApiClient, code: string): Promise<void> {
  const body: ConfirmEmailRequest = { code: code.trim() };
  await api.post<unknown>('/auth/email-verification/confirm', body, { auth: 'required' });
}

/** Redeems the one-time token of the OAuth callback for a session. */
export async function exchangeOAuthToken(deps: AuthDeps, exchangeToken: string): Promise<AfterSignIn> {
  const body = await deps.api.post<unknown>(
    '/auth/oauth/exchange',
    { exchange_token: exchangeToken } satisfies OAuthExchangeRequest,
    { auth: 'none' },
  );
  return storeGrant(deps, body);
}

/** Sets the one-time username and stores the updated user. */
export async function updateUsername(deps: AuthDeps, username: string): Promise<AuthUser> {
  const request: UpdateUsernameRequest = { username: username.trim() };
  const user = toResponseUser(await deps.api.patch<unknown>('/auth/update-username', request));
  const current = deps.auth.getUser();
  const next: AuthUser = user
    ? { ...user, needsUsernameSelection: false }
    : { ...(current as AuthUser), username: username.trim(), needsUsernameSelection: false };
  deps.auth.setUser(next);
  return next;
}

export type Provider = AuthProvider;

/** GET /api/auth/providers (a BFF addition): which external sign-in providers are configured. */
export function parseProviders(body: unknown): Provider[] {
  const data = fieldsOf<ProvidersResponse>(body)?.data;
  const list: unknown[] = Array.isArray(data) ? data : [];
  return list.flatMap((raw) => {
    const p = fieldsOf<AuthProvider>(raw);
    return p !== null && typeof p.id === 'string'
      ? [
          {
            id: p.id,
            name: typeof p.name === 'string' ? p.name : p.id,
            configured: p.configured === true,
            url: typeof p.url === 'string' ? p.url : `/api/auth/${p.id}`,
          },
        ]
      : [];
  });
}

export async function fetchProviders(api: ApiClient): Promise<Provider[]> {
  return parseProviders(await api.get<unknown>('/auth/providers', { auth: 'none' }));
}
