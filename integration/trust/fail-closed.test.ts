/**
 * Processes fail closed: a built service, the broker or the BFF started without its service
 * identity (SERVICE_KEY, SERVICE_JWKS) or with a bad one exits with status 2 and a configuration
 * error naming each variable, before it listens.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, testIdentities } from '@tessera/kit/testing';
import { requireBuild, ROOT } from '../../testing/trust-stack.js';

const ids = testIdentities();

function run(main: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const tmp = tempDir('tessera-fail-closed-');
  const child = spawn(process.execPath, ['--import', '@tessera/kit/instrument', path.join(ROOT, main)], {
    cwd: ROOT,
    // PORT 0 and a fresh folder: if it did start, it would not collide with anything
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', BUS_PORT: '0', DATA_DIR: tmp.dir, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  // bounds a hang only: a process that started anyway is killed and fails the expectations
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      tmp.cleanup();
      resolve({ code, stderr });
    }),
  );
}

describe('a process without its service identity', () => {
  it('a service exits naming SERVICE_KEY and SERVICE_JWKS', async () => {
    requireBuild();
    const res = await run('services/canvas/dist/main.js', {});
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/tessera-canvas: Invalid configuration/);
    expect(res.stderr).toMatch(/SERVICE_KEY is required/);
    expect(res.stderr).toMatch(/SERVICE_JWKS is required/);
  }, 90_000);

  it('a service with a key but a broken JWKS, and one with a key that is not Ed25519, exit naming it', async () => {
    const badJwks = await run('services/lock/dist/main.js', {
      SERVICE_KEY: ids.privateKey('lock'),
      SERVICE_JWKS: '{"keys":[{}]}',
    });
    expect(badJwks.code).toBe(2);
    expect(badJwks.stderr).toMatch(/SERVICE_JWKS key 0: kid must be/);
    const badKey = await run('services/lock/dist/main.js', {
      SERVICE_KEY: 'not a key',
      SERVICE_JWKS: ids.jwks,
    });
    expect(badKey.code).toBe(2);
    expect(badKey.stderr).toMatch(/SERVICE_KEY must be a PKCS#8 PEM or a private JWK of an Ed25519 key/);
  }, 90_000);

  it('the broker exits without SERVICE_JWKS; the BFF without SERVICE_KEY', async () => {
    const broker = await run('services/broker/dist/main.js', {});
    expect(broker.code).toBe(2);
    expect(broker.stderr).toMatch(/SERVICE_JWKS is required/);
    expect(broker.stderr).not.toMatch(/SERVICE_KEY is required/);
    const bff = await run('bff/dist/main.js', {});
    expect(bff.code).toBe(2);
    expect(bff.stderr).toMatch(/tessera-bff: Invalid configuration[\s\S]*SERVICE_KEY is required/);
  }, 90_000);
});
