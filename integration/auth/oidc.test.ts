/**
 * "Continue with Google" against a real OpenID provider (oidc-provider) on loopback, through the
 * BFF and the real identity service: the full code + PKCE flow, and the refusals (wrong state,
 * wrong nonce, an ID token for another client, a callback in another browser, a replayed exchange
 * token).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { Browser } from '../../bff/src/auth/test/browser.js';
import { newAccount } from '@tessera/identity/testing';
import { followUntil, hitCallback, isBffCallback, startGoogleSignIn } from './flow.js';
import { listenTestProvider, type TestProvider } from './oidc-provider.js';
import { startAuthStack, type AuthStack } from './stack.js';

const OTHER_REDIRECT = 'http://127.0.0.1:9/other-app/callback';
let op: TestProvider;
let stack: AuthStack;
let closeProvider: () => Promise<void>;

beforeAll(async () => {
  const listening = await listenTestProvider();
  closeProvider = listening.close;
  stack = await startAuthStack({
    OIDC_ISSUER: listening.issuer,
    GOOGLE_CLIENT_ID: 'tessera-bff',
    GOOGLE_CLIENT_SECRET: 'bff-secret-0123456789abcdef0123456789',
  });
  op = await listening.configure(`${stack.bff.base}/api/auth/google/callback`, OTHER_REDIRECT);
});

afterAll(async () => {
  await stack?.close();
  await closeProvider?.();
});

/** A new account at the provider (unique like every test account: newAccount), signed in next. */
function newProviderAccount() {
  const { username, email } = newAccount('oidc');
  op.account = { sub: `sub-${username}`, email, name: 'Oidc User' };
  return op.account;
}

/** Why the last sign-in failed, as the BFF logged it. */
function lastFailure(): { code?: string; claim?: string; causes?: string[]; message?: string } {
  const lines = stack.logs.withMessage('google sign-in failed');
  return (lines[lines.length - 1]?.err ?? {}) as { code?: string; claim?: string; causes?: string[] };
}

async function exchange(b: Browser, token: string) {
  return b.request('POST', '/api/auth/oauth/exchange', { body: { exchange_token: token } });
}

describe('OpenID Connect sign-in', () => {
  it('says the provider is configured', async () => {
    const res = await new Browser(stack.bff.base).request('GET', '/api/auth/providers');
    expect(res.body.data).toEqual([
      { id: 'google', name: 'Google', configured: true, url: '/api/auth/google' },
    ]);
  });

  it('signs a new user in with code + PKCE, then the username can be chosen once', async () => {
    const account = newProviderAccount();
    const b = new Browser(stack.bff.base);
    const authorize = await startGoogleSignIn(b);
    expect(authorize.origin).toBe(op.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${stack.bff.base}/api/auth/google/callback`);

    const callback = await followUntil(b, authorize.href, isBffCallback(stack.bff.base));
    const landed = await hitCallback(b, callback);
    expect(landed.pathname).toBe('/auth/callback');
    const token = landed.searchParams.get('exchange_token');
    expect(token).toBeTruthy();
    expect(b.cookies.has('tessera_oidc')).toBe(false);

    const res = await exchange(b, token!);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      token_type: 'Bearer',
      needs_username_selection: true,
      user: { email: account.email, username: null, needs_username_selection: true },
    });
    expect(res.body.expires_in).toBeGreaterThan(0);
    expect(b.cookies.has('tessera_rt')).toBe(true);
    const bearer = String(res.body.access_token);

    const { username } = newAccount('chosen');
    const chosen = await b.request('PATCH', '/api/auth/update-username', { body: { username }, bearer });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ success: true, username, needs_username_selection: false });
    const again = await b.request('PATCH', '/api/auth/update-username', {
      body: { username: `${username}x` },
      bearer,
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    const me = await b.request('GET', '/api/auth/me', { bearer });
    expect(me.body).toMatchObject({ id: chosen.body.id, username });

    // the same provider identity signs in to the same user, no username selection this time
    const b2 = new Browser(stack.bff.base);
    const cb2 = await followUntil(b2, (await startGoogleSignIn(b2)).href, isBffCallback(stack.bff.base));
    const res2 = await exchange(b2, (await hitCallback(b2, cb2)).searchParams.get('exchange_token')!);
    expect(res2.body).toMatchObject({
      needs_username_selection: false,
      user: { id: chosen.body.id, username },
    });
  });

  it('starts from a real navigation (no Origin header) with the BFF callback as redirect_uri', async () => {
    // a top-level GET navigation carries no Origin header; only the exchange is a fetch from our page
    const account = newProviderAccount();
    const b = new Browser(stack.bff.base, { origin: null });
    const authorize = await startGoogleSignIn(b);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${stack.bff.base}/api/auth/google/callback`);
    const callback = await followUntil(b, authorize.href, isBffCallback(stack.bff.base));
    const token = (await hitCallback(b, callback)).searchParams.get('exchange_token');
    expect(token).toBeTruthy();
    b.origin = stack.bff.base;
    const res = await exchange(b, token!);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, user: { email: account.email } });
  });

  it('refuses a replayed exchange token', async () => {
    newProviderAccount();
    const b = new Browser(stack.bff.base);
    const callback = await followUntil(b, (await startGoogleSignIn(b)).href, isBffCallback(stack.bff.base));
    const token = (await hitCallback(b, callback)).searchParams.get('exchange_token')!;
    expect((await exchange(b, token)).status).toBe(200);
    const replay = await exchange(b, token);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ error: 'INVALID_TOKEN', statusCode: 401 });
    expect(String(replay.body.message)).toContain('Invalid or expired');
    const bogus = await exchange(b, 'not-a-real-token');
    expect(bogus.body).toMatchObject({ error: 'INVALID_TOKEN' });
  });

  it('refuses a callback whose state was altered', async () => {
    newProviderAccount();
    const b = new Browser(stack.bff.base);
    const callback = await followUntil(b, (await startGoogleSignIn(b)).href, isBffCallback(stack.bff.base));
    callback.searchParams.set('state', 'forged-state');
    const landed = await hitCallback(b, callback);
    expect(landed.pathname + landed.search).toBe('/auth/callback?error=google_auth_failed');
    expect(lastFailure().causes).toContain('unexpected "state" response parameter value');
  });

  it('refuses a callback arriving in a browser that did not start the sign-in', async () => {
    newProviderAccount();
    const victim = new Browser(stack.bff.base);
    const attacker = new Browser(stack.bff.base);
    const callback = await followUntil(
      attacker,
      (await startGoogleSignIn(attacker)).href,
      isBffCallback(stack.bff.base),
    );
    await startGoogleSignIn(victim); // the victim has a pending sign-in of its own
    const landed = await hitCallback(victim, callback);
    expect(landed.search).toBe('?error=google_auth_failed');
    expect(lastFailure().causes).toContain('unexpected "state" response parameter value');
    const noBinding = await hitCallback(new Browser(stack.bff.base), callback);
    expect(noBinding.search).toBe('?error=google_auth_failed');
    expect(lastFailure().message).toContain('no sign-in binding cookie');
  });

  it('refuses an ID token whose nonce differs from the one bound to the browser', async () => {
    newProviderAccount();
    const b = new Browser(stack.bff.base);
    const authorize = await startGoogleSignIn(b);
    authorize.searchParams.set('nonce', client.randomNonce()); // the request reaching the provider is altered
    const callback = await followUntil(b, authorize.href, isBffCallback(stack.bff.base));
    const landed = await hitCallback(b, callback);
    expect(landed.search).toBe('?error=google_auth_failed');
    expect(lastFailure()).toMatchObject({ code: 'OAUTH_JWT_CLAIM_COMPARISON_FAILED', claim: 'nonce' });
  });

  it('refuses a genuine ID token issued to another client (wrong audience)', async () => {
    newProviderAccount();
    const b = new Browser(stack.bff.base);
    const authorize = await startGoogleSignIn(b);
    const nonce = authorize.searchParams.get('nonce')!;

    // another application signs the same account in with the same nonce and gets its own ID token
    const other = await client.discovery(
      new URL(op.issuer),
      op.clients.other.id,
      op.clients.other.secret,
      client.ClientSecretPost(op.clients.other.secret),
      { execute: [client.allowInsecureRequests] },
    );
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const otherUrl = client.buildAuthorizationUrl(other, {
      redirect_uri: OTHER_REDIRECT,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const otherBrowser = new Browser(stack.bff.base);
    const otherCallback = await followUntil(otherBrowser, otherUrl.href, (u) =>
      u.href.startsWith(OTHER_REDIRECT),
    );
    const otherTokens = await client.authorizationCodeGrant(other, otherCallback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    });
    expect(otherTokens.claims()?.aud).toBe(op.clients.other.id);

    // ... and that token is handed to the BFF in place of its own
    op.replaceNextIdToken = () => otherTokens.id_token!;
    const callback = await followUntil(b, authorize.href, isBffCallback(stack.bff.base));
    const landed = await hitCallback(b, callback);
    expect(landed.search).toBe('?error=google_auth_failed');
    expect(op.replaceNextIdToken).toBeUndefined(); // the substitution did happen
    expect(lastFailure()).toMatchObject({ code: 'OAUTH_JWT_CLAIM_COMPARISON_FAILED', claim: 'aud' });
  });
});
