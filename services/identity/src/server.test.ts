/** The identity service behind a real Connect server on port 0, over HTTP/2 (Connect and gRPC). */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, ConnectError } from '@connectrpc/connect';
import { ConfigError, createPeerTransport, readEnv, startRpcServer, type RpcServer } from '@tessera/kit';
import { testLogger } from '@tessera/kit/testing';
import { IdentityService } from '@tessera/proto/tessera/identity/v1/identity_pb.js';
import { OutboxMailer } from './adapters/mailer.js';
import { parsePrivateKey, signingKeyFromJwk } from './adapters/signing-keys.js';
import { readIdentitySettings } from './settings.js';
import { failureOf, newAccount, startHarness, type Harness } from './test/harness.js';

let h: Harness;
let server: RpcServer;
beforeAll(async () => {
  h = await startHarness();
  server = await startRpcServer({
    name: 'identity',
    host: '127.0.0.1',
    port: 0,
    logger: testLogger('identity'),
    routes: h.identity.routes,
    services: h.identity.services,
  });
});
afterAll(async () => {
  await server?.close(0);
  await h?.close();
});

describe('over a real server', () => {
  for (const protocol of ['connect', 'grpc'] as const) {
    it(`registers, signs in and refreshes over ${protocol}`, async () => {
      const client = createClient(IdentityService, createPeerTransport(server.url, { protocol }));
      const a = newAccount();
      const reg = await client.register(a);
      const login = await client.login({ email: a.email, password: a.password });
      expect(login.session!.user!.id).toBe(reg.session!.user!.id);
      const next = await client.refresh({ refreshToken: login.session!.refreshToken });
      expect(next.session!.refreshToken).not.toBe(login.session!.refreshToken);
      const bad = await failureOf(client.login({ email: a.email, password: 'Wrong-Passw0rd!' }));
      expect(bad.code).toBe('INVALID_CREDENTIALS');
      const err = await client.getUser({ userId: 'nope' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ConnectError);
    });
  }

  it('survives hostile input and keeps serving', async () => {
    const client = createClient(IdentityService, createPeerTransport(server.url));
    const huge = 'x'.repeat(2_000_000);
    const results = await Promise.allSettled([
      client.register({ username: huge, email: huge, password: huge }),
      client.login({ email: `${huge}@x.io`, password: huge }),
      client.resetPassword({ email: 'a@b.co', otp: huge, newPassword: huge }),
      client.signInWithOidc({ issuer: huge, subject: huge, email: huge, emailVerified: true }),
      client.updateUsername({ userId: huge, username: 'valid_name' }),
      client.getUsers({ userIds: [huge] }),
    ]);
    for (const r of results.slice(0, 5)) expect(r.status).toBe('rejected');
    expect((await client.getSigningKeys({})).algorithm).toBe('ES256');
  });
});

describe('configuration', () => {
  const settings = (env: Record<string, string>) => {
    const r = readEnv(env);
    const s = readIdentitySettings(r);
    r.done();
    return s;
  };

  it('reads defaults, SMTP_URL and refuses bad values by name', () => {
    expect(settings({})).toMatchObject({
      jwtIssuer: 'tessera-identity',
      jwtAudience: 'tessera-bff',
      production: false,
    });
    expect(settings({ SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl).toBe('smtp://127.0.0.1:2525');
    expect(() => settings({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL must use smtp or smtps/);
    expect(() => settings({ JWT_PRIVATE_KEY: 'not a key' })).toThrow(ConfigError);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    expect(() => settings({ JWT_PRIVATE_KEY: rsa })).toThrow(/P-256 \(ES256\) or Ed25519/);
  });

  it('takes JWT_PRIVATE_KEY as PEM (one line with \\n too) or JWK, P-256 or Ed25519', async () => {
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const pem = ec.export({ format: 'pem', type: 'pkcs8' }).toString();
    const fromPem = await signingKeyFromJwk(parsePrivateKey(pem));
    const fromLine = await signingKeyFromJwk(parsePrivateKey(pem.replace(/\n/g, '\\n')));
    const fromJwk = await signingKeyFromJwk(parsePrivateKey(JSON.stringify(ec.export({ format: 'jwk' }))));
    expect(fromPem.alg).toBe('ES256');
    expect(fromLine.kid).toBe(fromPem.kid);
    expect(fromJwk.kid).toBe(fromPem.kid);
    expect(fromPem.publicJwk).not.toHaveProperty('d');
    const ed = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect((await signingKeyFromJwk(parsePrivateKey(ed))).alg).toBe('EdDSA');
  });

  it('uses the outbox without SMTP_URL', () => {
    expect(h.identity.mailer).toBeInstanceOf(OutboxMailer);
  });
});
