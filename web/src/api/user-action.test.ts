// One W3C trace per user action: the traceparent's form, one trace id for every request of an action
// (retries and recoveries included), a new one per action, none on requests outside an action.
import { describe, expect, it } from 'vitest';
import { SIGNED_IN_USER, createHarness, csrfBody, json, routes, tokenBody } from './client.fixture.js';
import { TRACEPARENT_PATTERN, startUserAction } from './user-action.js';

const ok = (data: unknown = {}) => json(200, { success: true, data });

function traceIdOf(header: string | undefined): string | undefined {
  return header === undefined ? undefined : TRACEPARENT_PATTERN.exec(header)?.[1];
}

describe('startUserAction', () => {
  it('makes a version-00 traceparent with new random ids and the not-recorded flag', () => {
    const a = startUserAction('pay');
    const b = startUserAction('pay');
    expect(a.traceparent).toMatch(TRACEPARENT_PATTERN);
    expect(a.traceparent).toBe(`00-${a.traceId}-${a.spanId}-00`);
    expect(a.name).toBe('pay');
    expect(b.traceId).not.toBe(a.traceId);
    expect(b.spanId).not.toBe(a.spanId);
  });

  it('draws again when the random source gives an all-zero id (invalid in W3C)', () => {
    const draws = [new Uint8Array(16), new Uint8Array(16).fill(0xab), new Uint8Array(8).fill(1)];
    const action = startUserAction('lock', (n) => {
      const next = draws.shift();
      if (next?.length !== n) throw new Error(`unexpected draw of ${n}`);
      return next;
    });
    expect(action.traceId).toBe('ab'.repeat(16));
    expect(action.spanId).toBe('01'.repeat(8));
  });
});

describe('ApiClient.forAction', () => {
  function signedIn() {
    const h = createHarness(
      routes({
        'GET /csrf/csrf-token-secure': [json(200, csrfBody('csrf-1'))],
        'POST /payments/create-payment-intent': [ok({ clientSecret: 'pi_1_secret_x' })],
        'POST /payments/sandbox/confirm': [json(503, { message: 'busy' }), ok({ status: 'succeeded' })],
        'GET /payments/payment-intents/pi_1/status': [json(401, { message: 'expired' }), ok()],
        'POST /auth/refresh-cookie': [json(200, tokenBody('fresh'))],
        'POST /pixel-purchases': [ok()],
        'GET /boards/locks': [ok({ locks: [] })],
      }),
    );
    h.auth.setSession({ accessToken: 'old', expiresIn: 900, user: SIGNED_IN_USER });
    return h;
  }

  it('sends one trace id on every request of an action, retries and recoveries included', async () => {
    const h = signedIn();
    const pay = startUserAction('pay');
    const api = h.client.forAction(pay);
    await api.post('/payments/create-payment-intent', {});
    await api.post('/payments/sandbox/confirm', {}); // 503, then retried
    await api.get('/payments/payment-intents/pi_1/status'); // 401, refresh, then again
    await api.post('/pixel-purchases', {});
    const actionCalls = h.appCalls().filter((c) => !c.path.startsWith('/auth/'));
    expect(actionCalls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /payments/create-payment-intent',
      'POST /payments/sandbox/confirm',
      'POST /payments/sandbox/confirm',
      'GET /payments/payment-intents/pi_1/status',
      'GET /payments/payment-intents/pi_1/status',
      'POST /pixel-purchases',
    ]);
    for (const call of actionCalls) expect(call.headers.traceparent).toBe(pay.traceparent);
    // the scoped client shares the session: the refresh it caused signed the base client in again
    expect(h.auth.getAccessToken()).toBe('fresh');
  });

  it('gives the next action a new trace, and sends none outside an action', async () => {
    const h = signedIn();
    const first = startUserAction('pay');
    const second = startUserAction('pay');
    await h.client.forAction(first).post('/pixel-purchases', {});
    await h.client.forAction(second).post('/pixel-purchases', {});
    await h.client.get('/boards/locks');
    const [a, b, plain] = h.appCalls();
    expect(traceIdOf(a?.headers.traceparent)).toBe(first.traceId);
    expect(traceIdOf(b?.headers.traceparent)).toBe(second.traceId);
    expect(first.traceId).not.toBe(second.traceId);
    expect(plain?.headers.traceparent).toBeUndefined();
    // the CSRF token's fetch belongs to no action
    for (const c of h.calls.filter((c) => c.path.startsWith('/csrf/'))) {
      expect(c.headers.traceparent).toBeUndefined();
    }
  });

  it("keeps the caller's own headers beside the traceparent", async () => {
    const h = signedIn();
    const vote = startUserAction('vote');
    await h.client.forAction(vote).get('/boards/locks', { headers: { 'x-extra': '1' } });
    expect(h.appCalls()[0]?.headers).toMatchObject({ 'x-extra': '1', traceparent: vote.traceparent });
  });
});
