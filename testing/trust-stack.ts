/**
 * The whole product as `npm start` runs it (scripts/start.mjs over the built `dist` processes: the
 * broker, the six services and the BFF, each with the key pair start.mjs generated for it), on free
 * loopback ports and a temporary DATA_DIR (or the test's own, seeded before or kept from an earlier
 * run), on embedded defaults. TESSERA_EXPOSE_KEYS=1 makes start.mjs write every process's key under
 * `<DATA_DIR>/keys`, so the test can sign as any of them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALLERS } from '@tessera/facts/trust';
import { allowedCallers } from '@tessera/kit/testing';
import { SERVICES, type ServiceName } from '@tessera/facts/ports';
import {
  localKeyFile,
  parseJwks,
  parsePrivateKey,
  signingIdentity,
  TokenSigner,
  type CallerIdentity,
} from '@tessera/kit';
import { startStack } from '../scripts/lib/launch-stack.mjs';
import { portsOf } from '../scripts/lib/stack-ports.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

/**
 * Signers with the keys start.mjs wrote under `<DATA_DIR>/keys` (TESSERA_EXPOSE_KEYS=1): a test
 * signs as any process of the running stack.
 */
export interface StackKeys {
  /** The key start.mjs generated for a caller: signs as it. */
  as(caller: string): CallerIdentity;
  /** The same key, with tokens that expired minutes ago. */
  expired(caller: string): CallerIdentity;
  /** Signs each call as the first process the trust table allows for its method. */
  allowed(): CallerIdentity;
  /** Kids of the published keys (SERVICE_JWKS the processes got). */
  publishedKids(): string[];
}

/** The signers of the stack whose DATA_DIR is `dataDir` (each key is read on first use). */
export function stackKeys(dataDir: string): StackKeys {
  const keyOf = (caller: string) => parsePrivateKey(fs.readFileSync(localKeyFile(dataDir, caller), 'utf8'));
  const signers = new Map<string, CallerIdentity>();
  const as = (caller: string) => {
    let id = signers.get(caller);
    if (!id) signers.set(caller, (id = signingIdentity(new TokenSigner(caller, keyOf(caller)))));
    return id;
  };
  return {
    as,
    expired: (caller) =>
      signingIdentity(new TokenSigner(caller, keyOf(caller), { now: () => Date.now() - 15 * 60_000 })),
    allowed: () => allowedCallers(as),
    publishedKids: () => [
      ...parseJwks(fs.readFileSync(path.join(dataDir, 'keys', 'jwks.json'), 'utf8')).keys(),
    ],
  };
}

export interface TrustStack extends StackKeys {
  dataDir: string;
  bffUrl: string;
  brokerUrl: string;
  url(service: ServiceName): string;
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
  const stack = await startStack({ dataDir: opts.dataDir, exposeKeys: true, env: opts.env });
  const ports = portsOf(stack.portBase);
  const keys = stackKeys(stack.dataDir);
  for (const c of CALLERS) keys.as(c); // every caller's key is there
  return {
    ...keys,
    dataDir: stack.dataDir,
    bffUrl: stack.url,
    brokerUrl: `http://127.0.0.1:${ports.broker}`,
    url: (s) => `http://127.0.0.1:${ports[s]}`,
    logs: () =>
      stack.lines().flatMap((l) => {
        try {
          return [JSON.parse(l) as Record<string, unknown>];
        } catch {
          return [];
        }
      }),
    close: async () => {
      await stack.stop();
    },
  };
}
