// Helpers for browser tests against the full stack (`scripts/e2e.mjs`, or a stack started by hand
// with TESSERA_PORT_BASE): which stack is under test, and Connect clients of its services on loopback.
import path from 'node:path';
import type { DescService } from '@bufbuild/protobuf';
import type { Client } from '@connectrpc/connect';
import { createPeerClient } from '@tessera/kit';
import type { ServiceName } from '@tessera/facts/ports';
import { describe } from 'vitest';
import { stackKeys } from '../../testing/trust-stack.js';
import { portsOf } from '../../scripts/lib/stack-ports.mjs';

export interface ServiceStack {
  /** The BFF, e.g. http://127.0.0.1:18080. */
  baseUrl: string;
  /** TESSERA_PORT_BASE of the stack. */
  portBase: number;
}

/**
 * Why the full-stack tests cannot run here, or null when a stack is named. Only the absence of both
 * TESSERA_BASE_URL and TESSERA_DATA_DIR means "no stack" (the static web/dist server): the tests
 * then skip, saying so. A stack named in part is a broken setup: the require functions below fail.
 */
export function noStackReason(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.TESSERA_BASE_URL || env.TESSERA_DATA_DIR
    ? null
    : 'TESSERA_BASE_URL and TESSERA_DATA_DIR are not set: these tests need the full stack ' +
        '(npm run test:e2e starts it), not the static web/dist server';
}

/**
 * A describe block of full-stack tests: without a stack (noStackReason) it is skipped, and the log
 * and its title say why.
 */
export function describeOnStack(name: string, fn: () => void): void {
  const reason = noStackReason();
  if (reason) console.log(`[e2e] skipped '${name}': ${reason}`);
  describe.skipIf(reason !== null)(reason ? `${name} (${reason})` : name, fn);
}

function requireBaseUrl(env: NodeJS.ProcessEnv): string {
  const baseUrl = env.TESSERA_BASE_URL?.replace(/\/$/, '');
  if (!baseUrl) throw new Error('TESSERA_BASE_URL (the stack under test) is not set');
  return baseUrl;
}

/** The stack under test with its services' ports; throws (the test fails, never skips) when incomplete. */
export function requireServiceStack(env: NodeJS.ProcessEnv = process.env): ServiceStack {
  const baseUrl = requireBaseUrl(env);
  const raw = env.TESSERA_PORT_BASE;
  const portBase = Number(raw);
  if (!raw || !Number.isInteger(portBase) || portBase < 1 || portBase > 65_525) {
    throw new Error(
      `TESSERA_PORT_BASE must name the stack's first service port (npm start's TESSERA_PORT_BASE); got '${raw ?? ''}'`,
    );
  }
  return { baseUrl, portBase };
}

export interface DataStack {
  baseUrl: string;
  /** The stack's DATA_DIR (the identity dev outbox lives there). */
  dataDir: string;
}

/** The stack under test with its data folder; throws (the test fails) when either is missing. */
export function requireDataStack(env: NodeJS.ProcessEnv = process.env): DataStack {
  const baseUrl = requireBaseUrl(env);
  const dataDir = env.TESSERA_DATA_DIR;
  if (!dataDir) throw new Error('TESSERA_DATA_DIR (the stack DATA_DIR) is not set');
  return { baseUrl, dataDir: path.resolve(dataDir) };
}

/** The loopback URL of a service of the stack. */
export function serviceUrl(stack: ServiceStack, name: ServiceName): string {
  return `http://127.0.0.1:${portsOf(stack.portBase)[name]}`;
}

/**
 * A Connect client (binary, HTTP/2) of a service of the stack, as the services call each other:
 * each call carries the service token of a process the trust table allows for it.
 */
export function serviceClient<S extends DescService>(
  stack: ServiceStack,
  name: ServiceName,
  service: S,
  env: NodeJS.ProcessEnv = process.env,
): Client<S> {
  // `scripts/e2e.mjs` has `npm start` write every process's key under <TESSERA_DATA_DIR>/keys
  // (TESSERA_EXPOSE_KEYS=1)
  const dataDir = env.TESSERA_DATA_DIR;
  if (!dataDir) throw new Error('TESSERA_DATA_DIR (the stack DATA_DIR, which holds its keys) is not set');
  return createPeerClient(service, serviceUrl(stack, name), {
    timeoutMs: 10_000,
    identity: stackKeys(path.resolve(dataDir)).allowed(),
  });
}
