// API client: timeout, retry rules, generic error mapping (spec section 8) and request metrics.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHarness, csrfBody, json, raw, routes } from './client.fixture.js';
import { ApiError } from './errors.js';
import { friendlyMessage } from './messages.js';

afterEach(() => {
  vi.useRealTimers();
});

const NETWORK_MESSAGE = "We're having trouble connecting. Please check your internet and try again.";
const FALLBACK = "Something didn't work as expected. Please try again in a moment.";

describe('timeout', () => {
  it('aborts after 30 s with "Request timeout after 30000ms" and does not retry', async () => {
    vi.useFakeTimers();
    const h = createHarness(routes({ 'GET /slow': ['hang'] }));
    const pending = h.client.get('/slow', { auth: 'none' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(h.calls[0]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'TIMEOUT', status: 0, message: 'Request timeout after 30000ms' });
    expect(h.calls).toHaveLength(1);
  });

  it('honours a per-call timeout', async () => {
    vi.useFakeTimers();
    const h = createHarness(routes({ 'GET /slow': ['hang'] }));
    const pending = h.client.get('/slow', { auth: 'none', timeoutMs: 500 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    await expect(pending).resolves.toMatchObject({ message: 'Request timeout after 500ms' });
  });
});

describe('retry', () => {
  it.each([502, 503, 504])('retries a GET once after %i, 500 ms later', async (status) => {
    const h = createHarness(routes({ 'GET /x': [json(status, {}), json(200, { ok: 1 })] }));
    await expect(h.client.get('/x', { auth: 'none' })).resolves.toEqual({ ok: 1 });
    expect(h.calls).toHaveLength(2);
    expect(h.sleeps).toEqual([500]);
  });

  it('retries a GET once after a network error', async () => {
    const h = createHarness(routes({ 'GET /x': [new TypeError('Failed to fetch'), json(200, { ok: 1 })] }));
    await expect(h.client.get('/x', { auth: 'none' })).resolves.toEqual({ ok: 1 });
    expect(h.sleeps).toEqual([500]);
  });

  it('retries only once', async () => {
    const h = createHarness(routes({ 'GET /x': [json(503, { message: 'down' })] }));
    await expect(h.client.get('/x', { auth: 'none' })).rejects.toMatchObject({
      status: 503,
      message: 'down',
    });
    expect(h.calls).toHaveLength(2);
  });

  it('uses a custom base delay, multiplied by the retry number', async () => {
    const h = createHarness(routes({ 'GET /x': [json(502, {}), json(200, {})] }), { retryBaseDelayMs: 250 });
    await h.client.get('/x', { auth: 'none' });
    expect(h.sleeps).toEqual([250]);
  });

  it('does not retry a GET after a 500', async () => {
    const h = createHarness(routes({ 'GET /x': [json(500, { error: 'INTERNAL_SERVER_ERROR' })] }));
    await expect(h.client.get('/x', { auth: 'none' })).rejects.toMatchObject({ status: 500 });
    expect(h.calls).toHaveLength(1);
  });

  it('retries a mutation after 503 only', async () => {
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token': [json(200, csrfBody('c'))],
        'POST /a': [json(503, {}), json(200, { done: true })],
        'POST /b': [json(502, { message: 'bad gateway' })],
        'POST /c': [new TypeError('Failed to fetch')],
      }),
    );
    await expect(h.client.post('/a', {}, { auth: 'none' })).resolves.toEqual({ done: true });
    await expect(h.client.post('/b', {}, { auth: 'none' })).rejects.toMatchObject({ status: 502 });
    await expect(h.client.post('/c', {}, { auth: 'none' })).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(h.appCalls().map((c) => c.path)).toEqual(['/a', '/a', '/b', '/c']);
  });
});

describe('generic error mapping', () => {
  it('maps a network failure to NETWORK_ERROR with the connection message', async () => {
    const h = createHarness(routes({ 'GET /x': [new TypeError('Failed to fetch')] }));
    const error = await h.client.get('/x', { auth: 'none' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', status: 0, message: NETWORK_MESSAGE });
    expect(friendlyMessage(error)).toBe(NETWORK_MESSAGE);
  });

  it('turns a 429 without a code into RATE_LIMIT_EXCEEDED', async () => {
    const h = createHarness(routes({ 'GET /x': [raw(429, '')] }));
    const error = await h.client.get('/x', { auth: 'none' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', status: 429, message: FALLBACK });
    expect(friendlyMessage(error)).toMatch(/wait a few minutes/);
  });

  it('keeps the code a 429 carries', async () => {
    const h = createHarness(
      routes({ 'GET /x': [json(429, { error: 'TOO_MANY_REQUESTS', message: 'Slow down' })] }),
    );
    await expect(h.client.get('/x', { auth: 'none' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('reports an empty success body as "The server returned an empty response."', async () => {
    const h = createHarness(routes({ 'GET /x': [raw(200, '')] }));
    await expect(h.client.get('/x', { auth: 'none' })).rejects.toMatchObject({
      code: 'EMPTY_RESPONSE',
      message: 'The server returned an empty response.',
    });
  });

  it('reports invalid JSON as "Failed to parse server response as JSON."', async () => {
    const h = createHarness(routes({ 'GET /x': [raw(200, '<html>oops</html>')] }));
    await expect(h.client.get('/x', { auth: 'none' })).rejects.toMatchObject({
      code: 'INVALID_JSON',
      message: 'Failed to parse server response as JSON.',
    });
  });

  it('accepts 204 No Content as null', async () => {
    const h = createHarness(
      routes({ 'GET /csrf/csrf-token': [json(200, csrfBody('c'))], 'DELETE /x': [raw(204, null)] }),
    );
    await expect(h.client.delete('/x', { auth: 'none' })).resolves.toBeNull();
  });

  it("reads the spec's error body: code, message and field", async () => {
    const body = {
      success: false,
      message: 'Username already taken',
      error: 'USERNAME_ALREADY_EXISTS',
      statusCode: 409,
      timestamp: '2026-11-23T00:00:00.000Z',
      field: 'username',
    };
    const h = createHarness(routes({ 'GET /x': [json(409, body, 'Conflict')] }));
    const error = await h.client.get('/x', { auth: 'none' }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'USERNAME_ALREADY_EXISTS',
      status: 409,
      statusText: 'Conflict',
      message: 'Username already taken',
      field: 'username',
    });
    expect(friendlyMessage(error)).toBe('That username is already taken. Please choose another one.');
  });

  it('falls back to the generic message for an error without a usable body', async () => {
    const h = createHarness(routes({ 'GET /x': [raw(404, 'Not Found')] }));
    await expect(h.client.get('/x', { auth: 'none' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
      message: FALLBACK,
    });
  });

  it('builds URLs under /api with query parameters, skipping undefined ones', async () => {
    const h = createHarness(routes({ 'GET /artist-selection/submissions': [json(200, { data: [] })] }));
    await h.client.get('/artist-selection/submissions', {
      auth: 'optional',
      query: { sort: 'hot', page: 2, limit: 10, search: undefined },
    });
    expect(h.calls[0]?.path).toBe('/artist-selection/submissions?sort=hot&page=2&limit=10');
  });
});

describe('request metrics', () => {
  it('records outcome, status and retries, keeping the last 50', async () => {
    const h = createHarness(
      routes({
        'GET /ok': [json(200, {})],
        'GET /flaky': [json(503, {}), json(200, {})],
        'GET /bad': [json(400, {})],
      }),
    );
    await h.client.get('/flaky', { auth: 'none' });
    await h.client.get('/bad', { auth: 'none' }).catch(() => undefined);
    const [flaky, bad] = h.client.metrics.list();
    expect(flaky).toMatchObject({ method: 'GET', path: '/flaky', status: 200, ok: true, retries: 1 });
    expect(bad).toMatchObject({ path: '/bad', status: 400, ok: false, errorCode: 'BAD_REQUEST' });
    for (let i = 0; i < 60; i++) await h.client.get('/ok', { auth: 'none' });
    expect(h.client.metrics.list()).toHaveLength(50);
    expect(h.client.metrics.list().every((m) => m.path === '/ok')).toBe(true);
    expect(h.client.metrics.summary()).toMatchObject({ count: 50, failures: 0 });
  });
});
