/**
 * What the identity service keeps at rest, read straight from its document store and the store's
 * files: passwords as scrypt (N = 2^17, r = 8, p = 1) hashes made by the service as main.ts builds it
 * (no hasher injected), refresh and exchange tokens only as SHA-256 digests, reset codes salted and
 * hashed. A leaked database or disk must hold none of the secrets.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { forSuite } from '@tessera/kit/testing';
import type { ExchangeTokenDoc, RefreshTokenDoc, ResetCodeDoc, UserDoc } from '../domain/documents.js';
import { OUTBOX_FILE } from '../adapters/mailer.js';
import { newAccount, startHarness } from '../test/harness.js';

const h = forSuite(() => startHarness({ hasher: 'service-default' }));

const sha256 = (s: string) => createHash('sha256').update(s).digest('base64url');

async function docs<T extends { _id: string }>(name: string): Promise<T[]> {
  return (await h.store.collection<T>(name)).find({});
}

/** Every document of every collection, as one string. */
async function storeDump(): Promise<string> {
  const names = ['users', 'sessions', 'refresh_tokens', 'reset_codes', 'exchange_tokens'];
  return JSON.stringify(await Promise.all(names.map((n) => docs(n))));
}

/** The bytes of every file the store wrote (the development outbox, which holds mails, excepted). */
function onDisk(dir = h.dir): string {
  let all = '';
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) all += onDisk(file);
    else if (entry.isFile() && entry.name !== OUTBOX_FILE) all += fs.readFileSync(file, 'latin1');
  }
  return all;
}

describe('secrets at rest', () => {
  it('hashes passwords with scrypt N=2^17, r=8, p=1 and stores no password', async () => {
    const a = newAccount();
    const { session } = await h.client.register(a);
    const [user] = (await docs<UserDoc>('users')).filter((u) => u._id === session!.user!.id);
    expect(user?.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect((await h.client.login({ email: a.email, password: a.password })).session).toBeDefined();
    const disk = onDisk();
    expect(disk).toContain(a.email); // the scan does read the store's data
    expect(disk).not.toContain(a.password);
    expect(await storeDump()).not.toContain(a.password);
  });

  it('issues refresh tokens of 256 random bits and stores only their SHA-256 digests', async () => {
    const { session } = await h.client.register(newAccount());
    const first = session!.refreshToken;
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/); // opaque: no JWT, nothing to decode
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    const second = (await h.client.refresh({ refreshToken: first })).session!.refreshToken;
    expect(second).not.toBe(first);
    const stored = (await docs<RefreshTokenDoc>('refresh_tokens')).filter(
      (d) => d.userId === session!.user!.id,
    );
    expect(stored.map((d) => d._id).sort()).toEqual([sha256(first), sha256(second)].sort());
    const dump = await storeDump();
    const disk = onDisk();
    expect(disk).toContain(sha256(second));
    for (const token of [first, second]) {
      expect(dump).not.toContain(token);
      expect(disk).not.toContain(token);
    }
  });

  it('stores reset codes salted and hashed, and exchange tokens as digests', async () => {
    const a = newAccount();
    const { session } = await h.client.register(a);
    await h.client.requestPasswordReset({ email: a.email });
    const code = await h.codeFor(a.email);
    const [reset] = (await docs<ResetCodeDoc>('reset_codes')).filter((d) => d._id === session!.user!.id);
    expect(reset).toBeDefined();
    expect(reset!.codeDigest).toBe(sha256(`${reset!.salt}:${code}`));
    expect(Object.values(reset!)).not.toContain(code);
    expect(reset!.expiresAt - reset!.issuedAt).toBe(5 * 60_000);

    const oidc = await h.client.signInWithOidc({
      issuer: 'https://accounts.example.com',
      subject: `sub-${Date.now()}`,
      email: `oidc.rest.${Date.now()}@example.com`,
      emailVerified: true,
      name: 'Oidc User',
    });
    expect(Buffer.from(oidc.exchangeToken, 'base64url').length).toBeGreaterThanOrEqual(16);
    const exchange = (await docs<ExchangeTokenDoc>('exchange_tokens')).map((d) => d._id);
    expect(exchange).toContain(sha256(oidc.exchangeToken));
    expect(await storeDump()).not.toContain(oidc.exchangeToken);
    expect(onDisk()).not.toContain(oidc.exchangeToken);
  });
});
