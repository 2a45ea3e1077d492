// API client: CSRF header rules, bearer token, CSRF-403 recovery, 401 refresh-and-retry, expiring tokens.
import { describe, expect, it, vi } from 'vitest';
import {
  SIGNED_IN_USER,
  createHarness,
  csrfBody,
  json,
  routes,
  tokenBody,
  type Handler,
  type RecordedCall,
  type Reply,
} from './client.fixture.js';
import { ApiError } from './errors.js';

const ok = (data: unknown = {}) => json(200, { success: true, data });

describe('CSRF header rules', () => {
  it('sends X-CSRF-Token on POST, PUT, PATCH and DELETE, fetching the public token once', async () => {
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token': [json(200, csrfBody('csrf-1'))],
        'POST /things': [ok()],
        'PUT /things/1': [ok()],
        'PATCH /things/1': [ok()],
        'DELETE /things/1': [ok()],
      }),
    );
    await h.client.post('/things', { a: 1 }, { auth: 'optional' });
    await h.client.put('/things/1', { a: 2 }, { auth: 'optional' });
    await h.client.patch('/things/1', { a: 3 }, { auth: 'optional' });
    await h.client.delete('/things/1', { auth: 'optional' });
    expect(h.calls.filter((c) => c.path === '/csrf/csrf-token')).toHaveLength(1);
    for (const call of h.appCalls()) {
      expect(call.headers['x-csrf-token']).toBe('csrf-1');
      expect(call.credentials).toBe('include');
    }
    expect(h.appCalls()[0]?.headers['content-type']).toBe('application/json');
    expect(h.appCalls()[0]?.body).toEqual({ a: 1 });
  });

  it('sends no CSRF token on GET and does not fetch one', async () => {
    const h = createHarness(routes({ 'GET /things': [ok([1])] }));
    await expect(h.client.get('/things', { auth: 'optional' })).resolves.toEqual({
      success: true,
      data: [1],
    });
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0]?.headers['x-csrf-token']).toBeUndefined();
    expect(h.calls[0]?.headers.accept).toBe('application/json');
  });

  it('sends neither CSRF nor bearer on POST /auth/reset-password-email, even when signed in', async () => {
    const h = createHarness(routes({ 'POST /auth/reset-password-email': [ok()] }));
    h.auth.setSession({ accessToken: 'tok', expiresIn: 900, user: SIGNED_IN_USER });
    await h.client.post('/auth/reset-password-email', { email: 'ada@example.com' });
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0]?.headers['x-csrf-token']).toBeUndefined();
    expect(h.calls[0]?.headers.authorization).toBeUndefined();
  });

  it('uses the secure token endpoint with the bearer and falls back to the public one on 401', async () => {
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token-secure': [json(401, { error: 'INVALID_TOKEN' })],
        'GET /csrf/csrf-token': [json(200, csrfBody('public-token'))],
        'POST /things': [ok()],
      }),
    );
    h.auth.setSession({ accessToken: 'tok', expiresIn: 900, user: SIGNED_IN_USER });
    await h.client.post('/things', {});
    expect(h.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /csrf/csrf-token-secure',
      'GET /csrf/csrf-token',
      'POST /things',
    ]);
    expect(h.calls[0]?.headers.authorization).toBe('Bearer tok');
    expect(h.calls[1]?.headers.authorization).toBeUndefined();
    expect(h.calls[2]?.headers['x-csrf-token']).toBe('public-token');
  });

  it('reuses the cached token while more than 60 s remain and fetches a new one after that', async () => {
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token': [json(200, csrfBody('first', 90)), json(200, csrfBody('second', 90))],
        'POST /things': [ok()],
      }),
    );
    await h.client.post('/things', {}, { auth: 'optional' });
    h.advance(20_000); // 70 s left
    await h.client.post('/things', {}, { auth: 'optional' });
    h.advance(15_000); // 55 s left
    await h.client.post('/things', {}, { auth: 'optional' });
    expect(h.appCalls().map((c) => c.headers['x-csrf-token'])).toEqual(['first', 'first', 'second']);
  });
});

describe('bearer token', () => {
  it('sends the in-memory access token', async () => {
    const h = createHarness(routes({ 'GET /boards/my-locks': [ok([])] }));
    h.auth.setSession({ accessToken: 'abc', expiresIn: 900, user: SIGNED_IN_USER });
    await h.client.get('/boards/my-locks');
    expect(h.calls[0]?.headers.authorization).toBe('Bearer abc');
  });

  it('sends a public request anonymously when the token is expiring, without refreshing', async () => {
    const h = createHarness(routes({ 'GET /canvases/active': [ok([])] }));
    h.auth.setSession({ accessToken: 'old', expiresIn: 100, user: SIGNED_IN_USER });
    await h.client.get('/canvases/active', { auth: 'optional' });
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0]?.headers.authorization).toBeUndefined();
    expect(h.auth.getUser()).not.toBeNull();
  });

  it('fails an authenticated call without a session before any network call', async () => {
    const h = createHarness(routes({}));
    await expect(h.client.get('/boards/my-locks')).rejects.toMatchObject({
      status: 401,
      message: 'Authentication failed',
    });
    expect(h.calls).toHaveLength(0);
  });
});

describe('expiring access token', () => {
  it('is refreshed via POST /auth/refresh-cookie before the request', async () => {
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token': [json(200, csrfBody('c1'))],
        'POST /auth/refresh-cookie': [json(200, tokenBody('fresh', 900))],
        'GET /boards/my-locks': [ok([])],
      }),
    );
    h.auth.setSession({ accessToken: 'stale', expiresIn: 119, user: SIGNED_IN_USER });
    expect(h.auth.isExpiring()).toBe(true);
    await h.client.get('/boards/my-locks');
    const refresh = h.calls.find((c) => c.path === '/auth/refresh-cookie');
    expect(refresh?.headers['x-csrf-token']).toBe('c1');
    expect(refresh?.headers.authorization).toBeUndefined();
    expect(h.appCalls().map((c) => c.path)).toEqual(['/auth/refresh-cookie', '/boards/my-locks']);
    expect(h.appCalls()[1]?.headers.authorization).toBe('Bearer fresh');
    expect(h.auth.isExpiring()).toBe(false);
  });

  it('shares one refresh between concurrent requests', async () => {
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token': [json(200, csrfBody('c1'))],
        'POST /auth/refresh-cookie': [json(200, tokenBody('fresh'))],
        'GET /a': [ok()],
        'GET /b': [ok()],
      }),
    );
    h.auth.setUser(SIGNED_IN_USER); // after a reload: user record present, no token in memory
    await Promise.all([h.client.get('/a'), h.client.get('/b')]);
    expect(h.calls.filter((c) => c.path === '/auth/refresh-cookie')).toHaveLength(1);
  });

  it('signs out with "Authentication failed" when the refresh is refused', async () => {
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token': [json(200, csrfBody('c1'))],
        'POST /auth/refresh-cookie': [json(401, { error: 'REFRESH_TOKEN_EXPIRED', message: 'expired' })],
      }),
    );
    const reasons: string[] = [];
    h.auth.onSignOut((r) => reasons.push(r));
    h.auth.setSession({ accessToken: 'stale', expiresIn: 30, user: SIGNED_IN_USER });
    await expect(h.client.get('/boards/my-locks')).rejects.toMatchObject({
      status: 401,
      message: 'Authentication failed',
    });
    expect(h.auth.getUser()).toBeNull();
    expect(h.auth.getAccessToken()).toBeNull();
    expect(reasons).toEqual(['session-expired']);
  });
});

describe('a renewal that gets no answer', () => {
  // A page load that navigates away aborts its renewal: the fetch fails with no answer. Signing out
  // then (as the client once did) cleared the stored user, and the next page showed "Sign in"
  // although the session was alive (e2e/pixel-info-stack, /account after a deep link).
  it.each([
    ['the page navigating away (an aborted fetch)', () => new DOMException('aborted', 'AbortError')],
    ['the network', () => new TypeError('Failed to fetch')],
    ['a busy server', () => json(503, { error: 'SERVICE_UNAVAILABLE', message: 'busy' })],
  ])('keeps the session after %s, and a later renewal works', async (_what, failure) => {
    let answering = false;
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token': [json(200, csrfBody('c1'))],
        'POST /auth/refresh-cookie': () => (answering ? json(200, tokenBody('fresh')) : failure()),
        'GET /boards/my-locks': [ok()],
      }),
    );
    const onSignOut = vi.fn();
    h.auth.onSignOut(onSignOut);
    h.auth.setUser(SIGNED_IN_USER); // after a reload: the user record, no token in memory
    await expect(h.client.get('/boards/my-locks')).rejects.toBeInstanceOf(ApiError);
    expect(await h.client.renewSession()).toBe('unavailable');
    expect(onSignOut).not.toHaveBeenCalled();
    expect(h.auth.getUser()).toEqual(SIGNED_IN_USER);
    answering = true;
    expect(await h.client.renewSession()).toBe('renewed');
    await expect(h.client.get('/boards/my-locks')).resolves.toMatchObject({ success: true });
  });

  it('a refused cookie (401) ends the session', async () => {
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token': [json(200, csrfBody('c1'))],
        'POST /auth/refresh-cookie': [json(401, { error: 'REFRESH_TOKEN_INVALID', message: 'ended' })],
      }),
    );
    h.auth.setUser(SIGNED_IN_USER);
    expect(await h.client.renewSession()).toBe('ended');
  });
});

describe('403 CSRF recovery', () => {
  it('refreshes the CSRF token and retries once', async () => {
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token': [json(200, csrfBody('old')), json(200, csrfBody('new'))],
        'POST /things': (call: RecordedCall) =>
          call.headers['x-csrf-token'] === 'new'
            ? json(201, { success: true })
            : json(403, { error: 'FORBIDDEN', message: 'Invalid CSRF token' }),
      }),
    );
    await expect(h.client.post('/things', {}, { auth: 'optional' })).resolves.toEqual({ success: true });
    expect(h.appCalls().map((c) => c.headers['x-csrf-token'])).toEqual(['old', 'new']);
  });

  it('gives up after one retry with "Invalid or expired CSRF token (retry failed)"', async () => {
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token': [json(200, csrfBody('t'))],
        'POST /things': [json(403, { error: 'CSRF_TOKEN_INVALID', message: 'bad token' })],
      }),
    );
    const error = await h.client.post('/things', {}, { auth: 'optional' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'Invalid or expired CSRF token (retry failed)' });
    expect(h.appCalls()).toHaveLength(2);
  });

  it('does not retry a 403 that is not about CSRF', async () => {
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token-secure': [json(200, csrfBody('t'))],
        'DELETE /artist-selection/submissions/1': [json(403, { error: 'FORBIDDEN', message: 'Not yours' })],
      }),
    );
    h.auth.setSession({ accessToken: 'tok', expiresIn: 900, user: SIGNED_IN_USER });
    await expect(h.client.delete('/artist-selection/submissions/1')).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Not yours',
    });
    expect(h.appCalls()).toHaveLength(1);
  });
});

describe('401 refresh and retry', () => {
  /** The CSRF tokens, a refresh that grants the token "renewed", and GET /auth/me as given. */
  const refreshing = (me: Reply[] | Handler) =>
    createHarness(
      routes({
        'GET /csrf/csrf-token': [json(200, csrfBody('c'))],
        'GET /csrf/csrf-token-secure': [json(200, csrfBody('c'))],
        'POST /auth/refresh-cookie': [json(200, tokenBody('renewed'))],
        'GET /auth/me': me,
      }),
    );

  it('refreshes the session and retries the request once with the new token', async () => {
    const h = refreshing((call: RecordedCall) =>
      call.headers.authorization === 'Bearer renewed'
        ? json(200, { id: 'u1', email: 'ada@example.com', username: 'ada' })
        : json(401, { error: 'TOKEN_EXPIRED' }),
    );
    h.auth.setSession({ accessToken: 'revoked', expiresIn: 900, user: SIGNED_IN_USER });
    await expect(h.client.get('/auth/me')).resolves.toMatchObject({ id: 'u1' });
    expect(h.appCalls().map((c) => c.path)).toEqual(['/auth/me', '/auth/refresh-cookie', '/auth/me']);
  });

  it('signs out and fails with "Authentication failed" when the retry is refused too', async () => {
    const h = refreshing([json(401, { error: 'INVALID_TOKEN' })]);
    const onSignOut = vi.fn();
    h.auth.onSignOut(onSignOut);
    h.auth.setSession({ accessToken: 'revoked', expiresIn: 900, user: SIGNED_IN_USER });
    await expect(h.client.get('/auth/me')).rejects.toMatchObject({
      status: 401,
      message: 'Authentication failed',
    });
    expect(h.appCalls().filter((c) => c.path === '/auth/me')).toHaveLength(2);
    expect(onSignOut).toHaveBeenCalledWith('session-expired');
    expect(h.auth.isSignedIn()).toBe(false);
  });

  it('passes a 401 from the sign-in call through without refreshing', async () => {
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token': [json(200, csrfBody('c'))],
        'POST /auth/login': [
          json(401, { error: 'INVALID_CREDENTIALS', message: 'Invalid email or password' }),
        ],
      }),
    );
    await expect(
      h.client.post('/auth/login', { email: 'a@b.co', password: 'x' }, { auth: 'none' }),
    ).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password',
    });
    expect(h.appCalls().map((c) => c.path)).toEqual(['/auth/login']);
  });

  it('does not treat a guest 401 as a lost session', async () => {
    const h = createHarness(
      routes({ 'GET /boards/locks': [json(401, { error: 'UNAUTHORIZED', message: 'No' })] }),
    );
    const onSignOut = vi.fn();
    h.auth.onSignOut(onSignOut);
    await expect(h.client.get('/boards/locks', { auth: 'optional' })).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
    expect(h.calls).toHaveLength(1);
    expect(onSignOut).not.toHaveBeenCalled();
  });
});
