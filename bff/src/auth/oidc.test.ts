// The provider's discovery alone, against a loopback server that serves (or refuses) the discovery
// document: one discovery at a time, kept once it succeeded, and after a failure none for 5 s by the
// injected clock.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { testLogger } from '@tessera/kit/testing';
import { OidcSignIn } from './oidc.js';
import { createMemoryKeyValueStore } from '@tessera/embedded';

interface DiscoveryServer {
  issuer: string;
  requests: () => number;
  setFailing: (failing: boolean) => void;
  close: () => Promise<void>;
}

async function discoveryServer(): Promise<DiscoveryServer> {
  let requests = 0;
  let failing = false;
  let issuer = '';
  const server = http.createServer((req, res) => {
    requests++;
    if (failing || req.url !== '/.well-known/openid-configuration') {
      res.statusCode = 503;
      res.end();
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
      }),
    );
  });
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    requests: () => requests,
    setFailing: (v) => (failing = v),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function setup() {
  const srv = await discoveryServer();
  let now = 1_000_000;
  const kv = createMemoryKeyValueStore();
  closers.push(srv.close, () => kv.close());
  const signIn = new OidcSignIn(
    { issuer: srv.issuer, clientId: 'bff', clientSecret: 'secret' },
    kv,
    testLogger('oidc'),
    () => now,
  );
  return { srv, signIn, advance: (ms: number) => (now += ms) };
}

describe('OidcSignIn discovery', () => {
  it('shares one discovery between concurrent callers and keeps its result', async () => {
    const { srv, signIn } = await setup();
    const all = await Promise.all(Array.from({ length: 5 }, () => signIn.configuration()));
    expect(new Set(all).size).toBe(1);
    expect(await signIn.configuration()).toBe(all[0]);
    expect(srv.requests()).toBe(1);
  });

  it('asks again only 5 s after a failed discovery, by its clock', async () => {
    const { srv, signIn, advance } = await setup();
    srv.setFailing(true);
    await expect(signIn.configuration()).rejects.toThrow();
    const failed = srv.requests();
    srv.setFailing(false);
    advance(4_999);
    await expect(signIn.configuration()).rejects.toThrow('provider discovery failed recently');
    expect(srv.requests()).toBe(failed);
    advance(1);
    await expect(signIn.configuration()).resolves.toBeDefined();
    expect(srv.requests()).toBe(failed + 1);
  });
});
