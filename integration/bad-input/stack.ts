/**
 * The BFF wired to the real identity, canvas and renderer services (Connect over HTTP/2 on loopback
 * ports, one in-process bus), the real lock service (embedded key-value store), the real submission
 * service (embedded stores, its test harness's canvas and renderer doubles) and a real OpenID
 * provider (payment is a health-only stand-in: no route under test reaches it),
 * for the bad-input suites. Seeds data before
 * the barrage (a registered user with a session, a sold pixel, a user who still has to pick a
 * username) and checks afterwards that every process answers and that data is unchanged.
 */
import { createClient, type Client } from '@connectrpc/connect';
import { expect } from 'vitest';
import { createPeerTransport, type EventBus, type PeerName } from '@tessera/kit';
import { testLogger, startTestRpcServer } from '@tessera/kit/testing';
import { IdentityService } from '@tessera/proto/tessera/identity/v1/identity_pb.js';
import { canvasClientOf, startCanvasStack, type CanvasStack } from '@tessera/renderer/testing';
import { startBff, type RunningBff } from '../../bff/src/auth/test/app.js';
import { recordLogs, type RecordedLogs } from '../../bff/src/auth/test/log-recorder.js';
import { createPeers } from '../../bff/src/peers.js';
import { startIdentity, type RunningIdentity } from '../auth/identity.js';
import { listenTestProvider } from '../auth/oidc-provider.js';
import { registerUser } from '../../bff/src/auth/test/browser.js';
import { newAccount } from '@tessera/identity/testing';
import { RawBrowser, type Got, type Req } from '../../testing/raw-http.js';
import { createLock, type Lock } from '@tessera/lock/testing';
import { startLockServer } from '../lock/stack.js';
import {
  startHarness as startSubmission,
  type Harness as SubmissionHarness,
} from '@tessera/submission/testing';
import { createInProcessBus, createMemoryKeyValueStore } from '@tessera/embedded';

export const SEED_BOARD = 7;

export interface Seed {
  email: string;
  username: string;
  password: string;
  userId: string;
  /** A valid access token of the seeded user. */
  accessToken: string;
  /** The seeded browser: its refresh and session cookies and a CSRF token. */
  browser: RawBrowser;
  /** The Authorization header with `accessToken`. */
  bearer: Record<string, string>;
  /** A request of the seeded browser with the seeded user's bearer token (`headers` override it). */
  request(method: string, path: string, extra?: Pick<Req, 'body' | 'headers'>): Promise<Got>;
  /** Access token of a user who signed in with OpenID Connect and has no username yet. */
  oidcToken: string;
  oidcUserId: string;
  /** JSON of the seeded board and the active canvas list, read before the barrage. */
  board: string;
  canvases: string;
  compositeEtag: string;
}

export interface BadInputStack {
  base: string;
  bff: RunningBff;
  identity: RunningIdentity;
  canvas: CanvasStack;
  canvasIndex: number;
  identityRpc: Client<typeof IdentityService>;
  /** The lock service (embedded store) and its store, for tests that look inside. */
  lockService: Lock;
  lockKv: ReturnType<typeof createMemoryKeyValueStore>;
  /** The submission service (its core and stores, for tests that look inside). */
  submission: SubmissionHarness;
  logs: RecordedLogs;
  http: RawBrowser;
  seed: Seed;
  close(): Promise<void>;
}

export async function startBadInputStack(): Promise<BadInputStack> {
  const bus: EventBus = createInProcessBus();
  const lockKv = createMemoryKeyValueStore();
  const lockService = createLock({ kv: lockKv, bus, logger: testLogger('lock') });
  const [identity, canvas, provider, submission, ...standIns] = await Promise.all([
    startIdentity(),
    startCanvasStack({ bus }),
    listenTestProvider(),
    startSubmission({ bus, consumers: false }),
    startLockServer(lockService, testLogger('lock')),
    // payment: no route under test calls it; it only answers health
    ...['payment'].map((name) => startTestRpcServer({ name, routes: () => undefined })),
  ]);
  const logs = recordLogs();
  const [lock, payment] = standIns;
  const urls: Record<PeerName, string> = {
    identity: identity.url,
    canvas: canvas.canvasUrl,
    renderer: canvas.rendererUrl,
    lock: lock!.url,
    payment: payment!.url,
    submission: submission.server.url,
  };
  const bff = await startBff(urls, {
    env: {
      // the barrage sends hundreds of sign-in calls from one address
      AUTH_RATE_LIMIT_SCALE: '1000',
      OIDC_ISSUER: provider.issuer,
      GOOGLE_CLIENT_ID: 'tessera-bff',
      GOOGLE_CLIENT_SECRET: 'bff-secret-0123456789abcdef0123456789',
    },
    deps: { bus, logger: logs.logger, peers: createPeers(urls, 15_000) },
  });
  await provider.configure(`${bff.base}/api/auth/google/callback`, 'http://127.0.0.1:9/other/callback');
  const identityRpc = createClient(IdentityService, createPeerTransport(identity.url));
  const canvasIndex = canvas.canvasIndex;
  await canvasClientOf(canvas.canvasCore).commitOrder({
    orderId: 'bad-input-seed',
    canvasIndex,
    boardIndex: SEED_BOARD,
    userId: 'seed-buyer',
    pixels: [{ x: 1, y: 2, color: '#0A0B0C' }],
  });
  await canvas.rendererCore.frames.get(canvasIndex); // the first composite is built up front
  const seed = await seedData(bff.base, identityRpc, canvasIndex);
  return {
    base: bff.base,
    bff,
    identity,
    canvas,
    canvasIndex,
    identityRpc,
    lockService,
    lockKv,
    submission,
    logs,
    http: new RawBrowser(bff.base),
    seed,
    async close() {
      await bff.close();
      await Promise.all([
        identity.close(),
        canvas.close(),
        provider.close(),
        submission.close(),
        ...standIns.map((x) => x.close(0)),
      ]);
      await lockService.close();
      await lockKv.close();
      await bus.close();
    },
  };
}

function json(res: Got): Record<string, unknown> {
  return res.json as Record<string, unknown>;
}

async function seedData(base: string, identityRpc: Client<typeof IdentityService>, c: number): Promise<Seed> {
  const browser = new RawBrowser(base);
  const { user, token: accessToken } = await registerUser(browser, newAccount('seed'));
  const { email, username, password, id: userId } = user;
  const bearer = { authorization: `Bearer ${accessToken}` };

  const other = newAccount('oidc');
  const oidc = await identityRpc.signInWithOidc({
    issuer: 'https://accounts.example',
    subject: `sub-${other.username}`,
    email: other.email,
    emailVerified: true,
    name: 'Oidc Seed',
  });
  const exchanged = await new RawBrowser(base).post('/api/auth/oauth/exchange', {
    exchange_token: oidc.exchangeToken,
  });
  expect(exchanged.status).toBe(200);
  expect(json(exchanged).needs_username_selection).toBe(true);

  const board = await browser.get(`/api/pixels/canvas/${c}/board/${SEED_BOARD}`);
  const canvases = await browser.get('/api/canvases/active');
  const composite = await browser.get(`/api/canvas-composite/canvas/${c}/render?format=webp`);
  expect([board.status, canvases.status, composite.status]).toEqual([200, 200, 200]);
  return {
    email,
    username,
    password,
    userId,
    accessToken,
    browser,
    bearer,
    request: (method, path, extra = {}) =>
      browser.send({ method, path, body: extra.body, headers: { ...bearer, ...extra.headers } }),
    oidcToken: json(exchanged).access_token as string,
    oidcUserId: (json(exchanged).user as { id: string }).id,
    board: board.text,
    canvases: canvases.text,
    compositeEtag: String(composite.headers.etag),
  };
}

/**
 * After the barrage: the BFF and the three services answer health, nothing failed unexpectedly,
 * the seeded user signs in and still owns the seeded session, the OpenID user still has no
 * username, and the board, the canvas list and the composite are unchanged.
 */
export async function expectSurvived(s: BadInputStack): Promise<void> {
  const h = new RawBrowser(s.base);
  expect((await h.get('/healthz')).status).toBe(200);
  expect((await h.get('/readyz')).status).toBe(200);
  const health = await h.get('/api/health');
  expect(health.status).toBe(200);
  expect(json(health).services).toMatchObject({
    identity: 'SERVING',
    canvas: 'SERVING',
    renderer: 'SERVING',
  });
  expect(s.logs.withMessage('request failed unexpectedly')).toEqual([]);

  const login = await h.post('/api/auth/login', { email: s.seed.email, password: s.seed.password });
  expect(login.status).toBe(200);
  const me = await h.get('/api/auth/me', { authorization: `Bearer ${json(login).access_token as string}` });
  expect(json(me)).toMatchObject({ id: s.seed.userId, username: s.seed.username, email: s.seed.email });
  // the seeded browser's session was never revoked by the barrage
  const refreshed = await s.seed.browser.post('/api/auth/refresh-cookie', {});
  expect(refreshed.status).toBe(200);
  expect((json(refreshed).user as { id: string }).id).toBe(s.seed.userId);

  const oidcMe = await h.get('/api/auth/me', { authorization: `Bearer ${s.seed.oidcToken}` });
  expect(json(oidcMe)).toMatchObject({ id: s.seed.oidcUserId, needs_username_selection: true });

  const c = s.canvasIndex;
  expect((await h.get(`/api/pixels/canvas/${c}/board/${SEED_BOARD}`)).text).toBe(s.seed.board);
  expect((await h.get('/api/canvases/active')).text).toBe(s.seed.canvases);
  const composite = await h.get(`/api/canvas-composite/canvas/${c}/render?format=webp`);
  expect(composite.status).toBe(200);
  expect(composite.headers.etag).toBe(s.seed.compositeEtag);
}
