/**
 * The identity guard of a real Connect server (HTTP/2 on port 0), guarded as runService guards a
 * service: no token and expired tokens are UNAUTHENTICATED, callers the trust table does not list
 * are PERMISSION_DENIED (both logged with caller and method), listed callers pass and the handler
 * sees who called; health stays open. Also: reading the identity from the environment fails closed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { Health, HealthCheckResponse_ServingStatus as S } from '@tessera/proto/grpc/health/v1/health_pb.js';
import { LockService } from '@tessera/proto/tessera/lock/v1/lock_pb.js';
import { classifyError, GENERIC_MESSAGE, REFUSED_HEADER } from '../../errors/app-error.js';
import { ConfigError, readEnv } from '../../config/env.js';
import { captureLogger } from '../../bus/test/log-capture.js';
import { tempDir, testIdentities } from '../../testing/index.js';
import { createPeerClient } from '../client.js';
import { startRpcServer, type RpcServer } from '../server.js';
import { CALLER } from './guard.js';
import { processIdentity, readIdentity, setProcessIdentity } from './identity.js';
import { generateServiceKey } from './keys.js';

const ids = testIdentities(['intruder']);
const log = captureLogger('guard-test');
let server: RpcServer;
const seen: (string | undefined)[] = [];

beforeAll(async () => {
  server = await startRpcServer({
    name: 'lock',
    host: '127.0.0.1',
    port: 0,
    logger: log.logger,
    routes: (router) =>
      router.service(LockService, {
        getLockStatus: (_req, ctx) => (seen.push(ctx.values.get(CALLER)), {}),
        acquireLock: () => ({}),
      }),
    services: [LockService.typeName],
    trust: ids.trust('lock'),
  });
});
afterAll(() => server.close(0));

async function codeOf(p: Promise<unknown>): Promise<Code | 'ok'> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    const ce = ConnectError.from(err);
    // every refusal says it is one (the BFF answers it with a 500, never as the user's fault)
    if (ce.code === Code.Unauthenticated || ce.code === Code.PermissionDenied)
      expect(ce.metadata.get(REFUSED_HEADER)).toBeTruthy();
    return ce.code;
  }
}

describe('a guarded server', () => {
  const lockAs = (identity?: ReturnType<typeof ids.as>) =>
    createPeerClient(LockService, server.url, { identity });

  it('refuses a call without a token, also a plain Connect JSON request', async () => {
    expect(await codeOf(lockAs().getLockStatus({}))).toBe(Code.Unauthenticated);
    // Connect with JSON bodies, without the kit's client
    const json = createClient(LockService, createConnectTransport({ baseUrl: server.url, httpVersion: '2' }));
    expect(await codeOf(json.getLockStatus({}))).toBe(Code.Unauthenticated);
    const line = log.find('warn', { reason: 'no service token' }).at(-1);
    expect(line).toMatchObject({ rpc: 'tessera.lock.v1.LockService/GetLockStatus', caller: null });
  });

  it('lets the callers the trust table lists call, and tells the handler who called', async () => {
    expect(await codeOf(lockAs(ids.as('bff')).getLockStatus({}))).toBe('ok');
    expect(await codeOf(lockAs(ids.as('canvas')).getLockStatus({}))).toBe('ok');
    expect(await codeOf(lockAs(ids.as('bff')).acquireLock({}))).toBe('ok');
    expect(seen.slice(-2)).toEqual(['bff', 'canvas']);
  });

  it('refuses callers the table does not list for the method, and unknown processes', async () => {
    expect(await codeOf(lockAs(ids.as('canvas')).acquireLock({}))).toBe(Code.PermissionDenied);
    expect(await codeOf(lockAs(ids.as('renderer')).getLockStatus({}))).toBe(Code.PermissionDenied);
    expect(await codeOf(lockAs(ids.as('intruder')).getLockStatus({}))).toBe(Code.PermissionDenied);
    expect(
      log.find('warn', { caller: 'canvas', rpc: 'tessera.lock.v1.LockService/AcquireLock' }),
    ).toHaveLength(1);
  });

  it('refuses expired tokens and keys nobody published', async () => {
    expect(await codeOf(lockAs(ids.expired('bff')).getLockStatus({}))).toBe(Code.Unauthenticated);
    const other = testIdentities(); // the same names, other keys
    expect(await codeOf(lockAs(other.as('bff')).getLockStatus({}))).toBe(Code.Unauthenticated);
  });

  it('answers health probes without a token', async () => {
    const health = createPeerClient(Health, server.url);
    expect((await health.check({ service: '' })).status).toBe(S.SERVING);
  });

  it('uses the process identity for clients given none', async () => {
    expect(processIdentity()).toBeUndefined();
    setProcessIdentity(ids.as('bff'));
    expect(await codeOf(lockAs().getLockStatus({}))).toBe('ok');
    expect(seen.at(-1)).toBe('bff');
  });

  it('a refusal that reaches a caller is a 500 with the generic message, never the user fault', () => {
    for (const code of [Code.Unauthenticated, Code.PermissionDenied]) {
      const err = new ConnectError('x', code, new Headers({ [REFUSED_HEADER]: 'yes' }));
      expect(classifyError(err)).toMatchObject({ status: 500, message: GENERIC_MESSAGE, expected: false });
    }
    // the identity service's own unauthenticated answers stay 401
    expect(classifyError(new ConnectError('x', Code.Unauthenticated)).status).toBe(401);
  });
});

describe('the identity from the environment', () => {
  const read = (env: Record<string, string>, needs = { sign: true, verify: true }) => {
    const e = readEnv(env);
    const got = readIdentity(e, 'canvas', needs);
    e.done();
    return got;
  };
  const problems = (env: Record<string, string>, needs = { sign: true, verify: true }) => {
    try {
      read(env, needs);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as ConfigError).problems.join('\n');
    }
    throw new Error('no ConfigError');
  };

  it('fails closed, naming each missing or bad variable', () => {
    const p = problems({});
    expect(p).toMatch(/SERVICE_KEY is required/);
    expect(p).toMatch(/SERVICE_JWKS is required/);
    expect(problems({ SERVICE_KEY: 'x', SERVICE_JWKS: '{}' })).toMatch(
      /SERVICE_KEY must be a PKCS#8 PEM[\s\S]*SERVICE_JWKS must hold at least one key/,
    );
    expect(problems({ SERVICE_KEY_FILE: '/nonexistent/key', SERVICE_JWKS: ids.jwks })).toMatch(
      /SERVICE_KEY_FILE cannot be read/,
    );
  });

  it('reads the key, or a key file, and the published keys', async () => {
    const got = read(ids.env('canvas'));
    expect(got.identity?.name).toBe('canvas');
    const token = await got.identity!.tokenFor({ audience: 'lock', service: '', method: '' });
    expect(await ids.verifier('lock').verify(token)).toBe('canvas');
    expect(
      await got.verifier!.verify(
        await ids.as('payment').tokenFor({ audience: 'canvas', service: '', method: '' }),
      ),
    ).toBe('payment');
    const { dir, cleanup } = tempDir();
    try {
      const file = path.join(dir, 'ops.key');
      fs.writeFileSync(file, generateServiceKey('ops').privateKeyPem, { mode: 0o600 });
      const e = readEnv({});
      const ops = readIdentity(e, 'ops', { sign: true, verify: false, defaultKeyFile: file });
      e.done();
      expect(ops.identity?.name).toBe('ops');
      expect(read({ SERVICE_KEY_FILE: file }, { sign: true, verify: false }).identity?.name).toBe('canvas');
    } finally {
      cleanup();
    }
  });
});
