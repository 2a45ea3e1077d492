// Access tokens name their session (`sid`), GetSessionStatus answers for it, and every revocation
// (logout, a reused refresh token, a password reset) is announced once on tessera.session.revoked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { decodeEvent, type EventPayload } from '@tessera/facts/events';
import { SUBJECTS } from '@tessera/facts/subjects';
import { eventually, recordSubjects, type Recorder } from '@tessera/kit/testing';
import { REFRESH_REUSE_GRACE_MS, SESSION_MAX_AGE_MS } from '../domain/policy.js';
import { failureOf, newAccount, startHarness, type Harness } from '../test/harness.js';

type Revoked = EventPayload<typeof SUBJECTS.sessionRevoked>;

let h: Harness;
let revoked: Recorder;
beforeAll(async () => {
  h = await startHarness();
  revoked = await recordSubjects(h.bus, [SUBJECTS.sessionRevoked]);
});
afterAll(async () => {
  await h?.close();
});

const sidOf = (accessToken: string) => decodeJwt(accessToken).sid as string;
const eventsFor = (userId: string): Revoked[] =>
  revoked.messages
    .map((m) => decodeEvent(SUBJECTS.sessionRevoked, m.data))
    .filter((e) => e.userId === userId);

describe('sessions in access tokens', () => {
  it('every access token names its session; a refresh keeps the session', async () => {
    const { session } = await h.client.register(newAccount());
    const sid = sidOf(session!.accessToken);
    expect(sid).toMatch(/^.{8,}$/);
    const r = await h.client.refresh({ refreshToken: session!.refreshToken });
    expect(sidOf(r.session!.accessToken)).toBe(sid);
    const again = await h.client.login({ email: session!.user!.email, password: 'Sturdy-Passw0rd!' });
    expect(sidOf(again.session!.accessToken)).not.toBe(sid);
  });

  it('GetSessionStatus: live, then not after logout, expiry or for an unknown id', async () => {
    const { session } = await h.client.register(newAccount());
    const sid = sidOf(session!.accessToken);
    expect(await h.client.getSessionStatus({ sessionId: sid })).toMatchObject({
      active: true,
      revokedAtMs: 0,
    });
    await h.client.logout({ refreshToken: session!.refreshToken });
    const after = await h.client.getSessionStatus({ sessionId: sid });
    expect(after.active).toBe(false);
    expect(after.revokedAtMs).toBeGreaterThan(0);
    for (const sessionId of ['', 'no-such-session', 'x'.repeat(10_000)]) {
      expect((await h.client.getSessionStatus({ sessionId })).active).toBe(false);
    }
    const s2 = await h.client.register(newAccount());
    h.clock.advance(SESSION_MAX_AGE_MS + 1000);
    expect((await h.client.getSessionStatus({ sessionId: sidOf(s2.session!.accessToken) })).active).toBe(
      false,
    );
  });
});

describe('tessera.session.revoked', () => {
  it('logout announces the session once; a second logout announces nothing', async () => {
    const { session } = await h.client.register(newAccount());
    const userId = session!.user!.id;
    const r = await h.client.refresh({ refreshToken: session!.refreshToken });
    await h.client.logout({ refreshToken: r.session!.refreshToken });
    await eventually(() => eventsFor(userId).length === 1 || undefined, 10_000);
    expect(eventsFor(userId)[0]).toMatchObject({
      sessionIds: [sidOf(session!.accessToken)],
      reason: 'logout',
    });
    await h.client.logout({ refreshToken: r.session!.refreshToken });
    await revoked.drained(); // everything published before this point has arrived
    expect(eventsFor(userId)).toHaveLength(1);
  });

  it('a reused refresh token announces its family', async () => {
    const { session } = await h.client.register(newAccount());
    const userId = session!.user!.id;
    await h.client.refresh({ refreshToken: session!.refreshToken });
    h.clock.advance(REFRESH_REUSE_GRACE_MS); // past the overlap: a copy, not a lost answer
    await failureOf(h.client.refresh({ refreshToken: session!.refreshToken }));
    await eventually(() => eventsFor(userId).length === 1 || undefined, 10_000);
    expect(eventsFor(userId)[0]).toMatchObject({
      sessionIds: [sidOf(session!.accessToken)],
      reason: 'refresh_reuse',
    });
  });

  it('a password reset announces every live session of the account, and only those', async () => {
    const a = newAccount();
    const { session } = await h.client.register(a);
    const userId = session!.user!.id;
    const second = await h.client.login({ email: a.email, password: a.password });
    const third = await h.client.login({ email: a.email, password: a.password });
    await h.client.logout({ refreshToken: third.session!.refreshToken });
    await h.client.requestPasswordReset({ email: a.email });
    await h.client.resetPassword({
      email: a.email,
      otp: await h.codeFor(a.email),
      newPassword: 'Another-Passw0rd!',
    });
    await eventually(() => eventsFor(userId).length === 2 || undefined, 10_000);
    const reset = eventsFor(userId).find((e) => e.reason === 'password_reset')!;
    expect([...reset.sessionIds].sort()).toEqual(
      [sidOf(session!.accessToken), sidOf(second.session!.accessToken)].sort(),
    );
    expect(reset.revokedAtMs).toBeGreaterThan(0);
  });
});
