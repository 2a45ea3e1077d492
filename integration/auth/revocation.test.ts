/**
 * Access tokens end with the session: after a logout, a reused refresh token ending the family, or a
 * password reset, the BFF refuses the old access token on a protected route (GET /api/auth/me). Two
 * BFF replicas share identity's bus (tessera.session.revoked): the session ends through one and the
 * other refuses the token. A third replica on a bus of its own never hears the event and still
 * refuses the token once its session check (SESSION_CHECK_MS) comes due. The delays are printed;
 * the bounds only say it happened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEERS, type EventBus, type PeerName } from '@tessera/kit';
import { startBff, type RunningBff } from '../../bff/src/auth/test/app.js';
import { Browser } from '../../bff/src/auth/test/browser.js';
import { createPeers } from '../../bff/src/peers.js';
import { REFRESH_REUSE_GRACE_MS } from '@tessera/identity/testing';
import { askResetCode, signedUpBrowser, startAuthStack, type AuthStack } from './stack.js';
import { createInProcessBus } from '@tessera/embedded';

/** Generous bound for "within 1 s" on a busy machine (the measured delay is printed). */
const EVENT_BOUND_MS = 5_000;
const CHECK_MS = 1_000;

let stack: AuthStack;
let replica: RunningBff;
let deaf: RunningBff;
let deafBus: EventBus;

function peersTo(identityUrl: string) {
  const urls = Object.fromEntries(
    PEERS.map((p) => [p, p === 'identity' ? identityUrl : 'http://127.0.0.1:9']),
  ) as Record<PeerName, string>;
  return createPeers(urls, 15_000);
}

beforeAll(async () => {
  stack = await startAuthStack();
  const url = stack.identity.url;
  // another replica on the same bus
  replica = await startBff({ identity: url }, { deps: { peers: peersTo(url), bus: stack.identity.bus } });
  // a replica that misses every event: only its session check can catch a revocation
  deafBus = createInProcessBus();
  deaf = await startBff(
    { identity: url },
    { env: { SESSION_CHECK_MS: String(CHECK_MS) }, deps: { peers: peersTo(url), bus: deafBus } },
  );
});

afterAll(async () => {
  await deaf?.close();
  await deafBus?.close();
  await replica?.close();
  await stack?.close();
});

const me = (base: string, token: string) =>
  new Browser(base).request('GET', '/api/auth/me', { bearer: token });

/** Polls the protected route until the token is refused; returns the delay in ms (throws past `bound`). */
async function refusedWithin(base: string, token: string, since: number, bound: number): Promise<number> {
  for (;;) {
    const res = await me(base, token);
    const delay = Date.now() - since;
    if (res.status === 401) {
      expect(res.body).toMatchObject({ success: false, error: 'INVALID_TOKEN', statusCode: 401 });
      return delay;
    }
    expect(res.status, 'the token works until it is refused').toBe(200);
    if (delay > bound) throw new Error(`the old access token was still accepted ${delay} ms later`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** The token works on every replica before; the delay until each refuses it after `end` is printed. */
async function expectEnded(label: string, token: string, end: () => Promise<void>): Promise<void> {
  for (const base of [stack.bff.base, replica.base, deaf.base])
    expect((await me(base, token)).status).toBe(200);
  await end();
  const t0 = Date.now(); // the session has ended: the delays count from the answer
  const here = await refusedWithin(stack.bff.base, token, t0, EVENT_BOUND_MS);
  const other = await refusedWithin(replica.base, token, t0, EVENT_BOUND_MS);
  console.log(
    `${label}: old access token refused after ${here} ms (this replica), ${other} ms (another replica)`,
  );
}

describe('access tokens end with the session', () => {
  it('after logout', async () => {
    const { browser: b, token } = await signedUpBrowser(stack.bff.base);
    await expectEnded('logout', token, async () => {
      const out = await b.request('POST', '/api/auth/logout', { body: {}, bearer: token });
      expect(out.status).toBe(200);
    });
  });

  it('after a reused refresh token ends the family: the old and the newer access token', async () => {
    const { browser: b, token } = await signedUpBrowser(stack.bff.base);
    const first = b.cookies.get('tessera_rt')!;
    const r1 = await b.request('POST', '/api/auth/refresh-cookie', { body: {} });
    expect(r1.status).toBe(200);
    const newer = String(r1.body.access_token);
    expect((await me(stack.bff.base, newer)).status).toBe(200);
    await expectEnded('refresh reuse', token, async () => {
      stack.clock.advance(REFRESH_REUSE_GRACE_MS); // past the overlap forgiven to a lost answer
      const thief = new Browser(stack.bff.base);
      thief.cookies.set('tessera_rt', first);
      const replay = await thief.request('POST', '/api/auth/refresh-cookie', { body: {} });
      expect(replay.status).toBe(401);
    });
    expect((await me(stack.bff.base, newer)).status).toBe(401);
    expect((await me(replica.base, newer)).status).toBe(401);
  });

  it('after a password reset ends every session', async () => {
    const { user, token } = await signedUpBrowser(stack.bff.base);
    const anon = new Browser(stack.bff.base);
    const sent = await askResetCode(anon, user.email);
    expect(sent.status).toBe(200);
    const code = await stack.resetCodeFor(user.email);
    await expectEnded('password reset', token, async () => {
      const done = await anon.request('POST', '/api/auth/reset-password-logic', {
        body: { email: user.email, otp: code, newPassword: 'Another-Passw0rd!' },
      });
      expect(done.status).toBe(200);
    });
  });

  it('a replica that missed the event refuses the token once its session check comes due', async () => {
    const { browser: b, user, token } = await signedUpBrowser(stack.bff.base);
    expect((await me(deaf.base, token)).status).toBe(200);
    const t0 = Date.now();
    expect((await b.request('POST', '/api/auth/logout', { body: {}, bearer: token })).status).toBe(200);
    const delay = await refusedWithin(deaf.base, token, t0, CHECK_MS + 10_000);
    console.log(
      `missed event: refused after ${delay} ms by the session check (SESSION_CHECK_MS=${CHECK_MS})`,
    );
    // a new session of the same user is not affected
    const again = await new Browser(stack.bff.base).request('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(again.status).toBe(200);
    expect((await me(deaf.base, String(again.body.access_token))).status).toBe(200);
  });
});
