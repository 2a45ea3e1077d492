/**
 * Who may vote, over real processes' servers: the BFF on port 0, the real identity service (its
 * development outbox) and the real submission service asking that identity service over Connect.
 * Ten accounts registered from one address cannot move a submission's counted score or remove it;
 * the author's own vote is refused; a visitor who verifies their address with the mailed code
 * (BFF routes) then votes, and that vote counts.
 */
import { createClient } from '@connectrpc/connect';
import { VOTE_REFUSAL_MESSAGES } from '@tessera/facts/eligibility';
import { REMOVAL_SCORE } from '@tessera/facts/submissions';
import { createPeerTransport } from '@tessera/kit';
import { IdentityService } from '@tessera/proto/tessera/identity/v1/identity_pb.js';
import { startHarness, submitAs, type Harness } from '@tessera/submission/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBff, type RunningBff } from '../../bff/src/auth/test/app.js';
import { Browser, registerUser } from '../../bff/src/auth/test/browser.js';
import { codeInVerificationMail, newAccount, newestResetMail } from '@tessera/identity/testing';
import { startIdentity, type RunningIdentity } from '../auth/identity.js';

let identity: RunningIdentity;
let submission: Harness;
let bff: RunningBff;

beforeAll(async () => {
  identity = await startIdentity();
  submission = await startHarness({
    consumers: false,
    identityClient: createClient(IdentityService, createPeerTransport(identity.url)),
  });
  bff = await startBff({ identity: identity.url, submission: submission.server.url });
}, 60_000);
afterAll(async () => {
  await bff?.close();
  await submission?.close();
  await identity?.close();
});

/** A new account signed up through the BFF in its own browser (all from 127.0.0.1). */
async function signUp(prefix: string) {
  const b = new Browser(bff.base);
  const { user, token } = await registerUser(b, newAccount(prefix));
  const headers = { authorization: `Bearer ${token}` };
  return {
    user,
    token,
    post: (path: string, body: unknown = {}) => b.request('POST', path, { body, headers }),
  };
}

const voteOn = (id: string) => `/api/artist-selection/submissions/${id}/vote`;

async function scoreOf(id: string): Promise<number | undefined> {
  const res = await new Browser(bff.base).request(
    'GET',
    '/api/artist-selection/submissions?sort=new&limit=50',
  );
  const items = res.body.data as { id: string; netScore: number }[];
  return items.find((s) => s.id === id)?.netScore;
}

describe('who may vote, through the BFF', () => {
  it('ten new accounts from one address cannot move the counted score; the author is refused; a verified visitor counts', async () => {
    const author = await signUp('author');
    const s = await submitAs(submission, author.user.id);

    for (let i = 0; i < -REMOVAL_SCORE; i++) {
      const throwaway = await signUp(`throwaway${i}`);
      const res = await throwaway.post(voteOn(s.id), { voteType: -1 });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        success: false,
        error: 'VOTER_NOT_ELIGIBLE',
        statusCode: 403,
        message: VOTE_REFUSAL_MESSAGES.ineligible,
      });
    }
    expect(await scoreOf(s.id)).toBe(0);

    const own = await author.post(voteOn(s.id), { voteType: 1 });
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ error: 'FORBIDDEN', message: VOTE_REFUSAL_MESSAGES.own });

    // a real visitor: refused, asks for the code, enters it, votes
    const visitor = await signUp('visitor');
    expect((await visitor.post(voteOn(s.id), { voteType: 1 })).status).toBe(403);
    const sent = await visitor.post('/api/auth/email-verification');
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ success: true, alreadyVerified: false });
    expect(String(sent.body.message)).toContain(visitor.user.email);
    const mail = newestResetMail(identity.dataDir, visitor.user.email, 0, codeInVerificationMail);
    expect(mail?.code).toMatch(/^\d{6}$/);
    const wrong = await visitor.post('/api/auth/email-verification/confirm', {
      code: mail!.code === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ success: false, error: 'VALIDATION_ERROR', field: 'code' });
    const confirmed = await visitor.post('/api/auth/email-verification/confirm', { code: mail!.code });
    expect(confirmed.status).toBe(200);
    const counted = await visitor.post(voteOn(s.id), { voteType: 1 });
    expect(counted.status).toBe(200);
    expect(counted.body).toEqual({ success: true, data: { userVoteType: 1, netScore: 1, deleted: false } });
    expect(await scoreOf(s.id)).toBe(1);
  });

  it('the verification routes need a signed-in user and a CSRF token', async () => {
    const guest = new Browser(bff.base);
    const anon = await guest.request('POST', '/api/auth/email-verification', { body: {} });
    expect(anon.status).toBe(401);
    const visitor = await signUp('nocsrf');
    // signed in, but no CSRF token: refused before identity is asked (no mail goes out)
    const raw = await fetch(`${bff.base}/api/auth/email-verification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${visitor.token}` },
      body: '{}',
    });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toMatchObject({ success: false, error: 'CSRF_INVALID' });
    expect(newestResetMail(identity.dataDir, visitor.user.email, 0, codeInVerificationMail)).toBeUndefined();
  });
});
