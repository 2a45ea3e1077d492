import path from 'node:path';
import { METRICS_PORTS, PORTS, SERVICES, type ProcessName, type ServiceName } from '@tessera/facts/ports';
import { readEnv, type EnvReader } from './env.js';

export type { ProcessName };
/** A service a process may call (the port table of `@tessera/facts/ports`). */
export type PeerName = ServiceName;
export const PEERS: readonly PeerName[] = SERVICES;

export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Configuration every process shares. Service-specific settings are read with `extra`. */
export interface BaseConfig {
  name: ProcessName;
  host: string;
  port: number;
  /** METRICS_PORT: where `GET /metrics` answers (default: the process's in METRICS_PORTS; 0 = any free port). */
  metricsPort: number;
  logLevel: LogLevel;
  dataDir: string;
  mongodbUrl?: string;
  redisUrl?: string;
  natsUrl?: string;
  /** NATS_USER / NATS_PASSWORD: this process's NATS user (its subject permissions), set together. */
  natsUser?: string;
  natsPassword?: string;
  busUrl?: string;
  /** Grace period for in-flight calls on SIGTERM. */
  shutdownGraceMs: number;
  /** Deadline applied to outgoing calls that have none. */
  rpcTimeoutMs: number;
  peers: Record<PeerName, string>;
}

export function peerEnvName(peer: PeerName): string {
  return `${peer.toUpperCase()}_URL`;
}

/**
 * Reads the shared configuration plus whatever `extra` reads, then validates everything at once:
 * a wrong value throws ConfigError naming each variable.
 */
export function loadConfig<T extends object = object>(
  name: ProcessName,
  extra?: (env: EnvReader) => T,
  env: Record<string, string | undefined> = process.env,
): BaseConfig & T {
  const e = readEnv(env);
  const peers = Object.fromEntries(
    PEERS.map((p) => [p, e.url(peerEnvName(p), ['http', 'https'], `http://127.0.0.1:${PORTS[p]}`)!]),
  ) as Record<PeerName, string>;
  const base: BaseConfig = {
    name,
    host: e.str('HOST', '0.0.0.0')!,
    port: e.int('PORT', { default: PORTS[name], min: 0, max: 65535 }),
    metricsPort: e.int('METRICS_PORT', { default: METRICS_PORTS[name], min: 0, max: 65535 }),
    logLevel: e.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    dataDir: path.resolve(e.str('DATA_DIR', '.data')!),
    mongodbUrl: e.url('MONGODB_URL', ['mongodb', 'mongodb+srv']),
    redisUrl: e.url('REDIS_URL', ['redis', 'rediss']),
    natsUrl: e.url('NATS_URL', ['nats', 'tls']),
    natsUser: e.str('NATS_USER'),
    natsPassword: e.str('NATS_PASSWORD'),
    busUrl: e.url('BUS_URL', ['http']),
    shutdownGraceMs: e.int('SHUTDOWN_GRACE_MS', { default: 4000, min: 0, max: 120_000 }),
    rpcTimeoutMs: e.int('RPC_TIMEOUT_MS', { default: 10_000, min: 1, max: 600_000 }),
    peers,
  };
  if ((base.natsUser === undefined) !== (base.natsPassword === undefined))
    e.problem('NATS_USER and NATS_PASSWORD must be set together (the NATS user of this process)');
  const more = extra ? extra(e) : ({} as T);
  e.done();
  return { ...base, ...more };
}
