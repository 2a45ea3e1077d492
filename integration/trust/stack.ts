/**
 * The whole product as `npm start` runs it (scripts/start.mjs over the built `dist` processes: the
 * broker, the six services and the BFF, each with the key pair start.mjs generated for it), on free
 * loopback ports and a temporary DATA_DIR (or the test's own, seeded before or kept from an earlier
 * run), on embedded defaults. TESSERA_EXPOSE_KEYS=1 makes start.mjs write every process's key under
 * `<DATA_DIR>/keys`, so the test can sign as any of them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALLERS } from '@tessera/facts/trust';
import { SERVICES, type ServiceName } from '@tessera/facts/ports';
import {
  localKeyFile,
  parseJwks,
  parsePrivateKey,
  signingIdentity,
  TokenSigner,
  type CallerIdentity,
} from '@tessera/kit';
import { tempDir } from '@tessera/kit/testing';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Throws a clear message when a build output the stack runs is missing. */
export function requireBuild(): void {
  const mains = ['services/broker', ...SERVICES.map((s) => `services/${s}`), 'bff'].map((d) =>
    path.join(ROOT, d, 'dist', 'main.js'),
  );
  for (const file of [...mains, path.join(ROOT, 'services/kit/dist/rpc/identity/keys.js')]) {
    if (!fs.existsSync(file))
      throw new Error(`${path.relative(ROOT, file)} is missing: run \`npm run build\` first`);
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** A base port with base..base+10 free (the services, the broker at +10) and a free BFF port below it. */
async function freePorts(): Promise<{ base: number; bff: number }> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const base = 11_000 + Math.floor(Math.random() * 18_000);
    const ports = [base - 1, ...Array.from({ length: 11 }, (_, i) => base + i)];
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return { base, bff: base - 1 };
  }
  throw new Error('no block of free loopback ports');
}

/** Variables that would switch processes to real backends, exporters or other keys. */
const DROPPED_ENV = [
  'MONGODB_URL',
  'REDIS_URL',
  'NATS_URL',
  'BUS_URL',
  'NATS_USER',
  'NATS_PASSWORD',
  'SERVICE_KEY',
  'SERVICE_KEY_FILE',
  'SERVICE_JWKS',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'NODE_OPTIONS',
];

export interface TrustStack {
  dataDir: string;
  bffUrl: string;
  brokerUrl: string;
  url(service: ServiceName): string;
  /** The key start.mjs generated for a caller: signs as it. */
  as(caller: string): CallerIdentity;
  /** The same key, with tokens that expired minutes ago. */
  expired(caller: string): CallerIdentity;
  /** Kids of the published keys (SERVICE_JWKS the processes got). */
  publishedKids(): string[];
  /** Log lines (JSON) the processes wrote. */
  logs(): Record<string, unknown>[];
  close(): Promise<void>;
}

export interface TrustStackOptions {
  /** Run on this DATA_DIR (seeded before, or kept from an earlier run) and leave it in place on close. */
  dataDir?: string;
  /** More variables for every process (for example LOG_LEVEL). */
  env?: Record<string, string>;
}

export async function startTrustStack(opts: TrustStackOptions = {}): Promise<TrustStack> {
  requireBuild();
  const tmp = opts.dataDir ? { dir: opts.dataDir, cleanup: () => undefined } : tempDir('tessera-trust-');
  const { base, bff } = await freePorts();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(bff),
    TESSERA_PORT_BASE: String(base),
    DATA_DIR: tmp.dir,
    TESSERA_SKIP_BUILD: '1',
    TESSERA_EXPOSE_KEYS: '1',
    LOG_LEVEL: 'warn',
  };
  for (const name of DROPPED_ENV) delete env[name];
  Object.assign(env, opts.env);
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines: string[] = [];
  let pending = '';
  const collect = (chunk: Buffer) => {
    const parts = (pending + chunk.toString('utf8')).split('\n');
    pending = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean));
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);

  const close = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    tmp.cleanup();
  };
  // Bounds a hang only: a cold start of eight processes takes 20 to 60 s on a loaded 2-core machine.
  const deadline = Date.now() + 180_000;
  while (!lines.some((l) => l.includes('Tessera is running at'))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(`the stack did not start:\n${lines.slice(-40).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  const keyOf = (caller: string) => parsePrivateKey(fs.readFileSync(localKeyFile(tmp.dir, caller), 'utf8'));
  const signers = new Map<string, CallerIdentity>();
  const jwks = fs.readFileSync(path.join(tmp.dir, 'keys', 'jwks.json'), 'utf8');
  for (const c of CALLERS) keyOf(c); // every caller's key is there
  return {
    dataDir: tmp.dir,
    bffUrl: `http://127.0.0.1:${bff}`,
    brokerUrl: `http://127.0.0.1:${base + 10}`,
    url: (s) => `http://127.0.0.1:${base + SERVICES.indexOf(s)}`,
    as(caller) {
      let id = signers.get(caller);
      if (!id) signers.set(caller, (id = signingIdentity(new TokenSigner(caller, keyOf(caller)))));
      return id;
    },
    expired: (caller) =>
      signingIdentity(new TokenSigner(caller, keyOf(caller), { now: () => Date.now() - 15 * 60_000 })),
    publishedKids: () => [...parseJwks(jwks).keys()],
    logs: () =>
      lines.flatMap((l) => {
        try {
          return [JSON.parse(l) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    close,
  };
}
