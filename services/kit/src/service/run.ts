import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import type { ConnectRouter } from '@connectrpc/connect';
import type { Logger } from 'pino';
import { loadConfig, type BaseConfig, type ProcessName } from '../config/service-config.js';
import { ConfigError, type EnvReader } from '../config/env.js';
import { createLogger } from '../log/logger.js';
import { startRpcServer, type RpcServer } from '../rpc/server.js';
import { brokerTrust, serviceTrust, type RpcTrust } from '../rpc/identity/guard.js';
import {
  readIdentity,
  setProcessIdentity,
  type CallerIdentity,
  type IdentitySettings,
} from '../rpc/identity/identity.js';
import { shutdownTelemetry } from '../telemetry/sdk.js';
import { startMetricsServer } from '../metrics/server.js';
import { THREAD_SHUTDOWN_MESSAGE } from './thread-shutdown.js';
import { openEventBus, type EventBus } from '../bus/index.js';
import { openDocumentStore, type DocumentStore } from '../docstore/index.js';
import { openKeyValueStore, type KeyValueStore } from '../kv/index.js';
import { openObjectStore, type ObjectStore } from '../objects/index.js';
import type { EmbeddedLoader } from '../compose/embedded.js';

/** Opens the adapters the configuration selects for one service; the service closes what it opened. */
export interface AdapterOpeners {
  /** MongoDB database `tessera_<name>` (MONGODB_URL), else the embedded store in `<DATA_DIR>/<name>`. */
  documentStore(): Promise<DocumentStore>;
  /** Redis (REDIS_URL), else the in-process store. */
  keyValueStore(): Promise<KeyValueStore>;
  /** NATS JetStream (NATS_URL, as NATS_USER), else the broker process (BUS_URL), else in-process. */
  eventBus(): Promise<EventBus>;
  /** GridFS in database `tessera_<name>` (MONGODB_URL), else files in `<DATA_DIR>/<name>/objects`. */
  objectStore(): Promise<ObjectStore>;
}

export interface ServiceContext<C> {
  config: BaseConfig & C;
  logger: Logger;
  /** This service's folder for embedded stores: `<DATA_DIR>/<name>`. */
  dataDir: string;
  open: AdapterOpeners;
  /**
   * The service's identity (SERVICE_KEY). It is also the process identity, which every peer client
   * (`createPeerClient`, `createPeerTransport`) and the event bus use without being told.
   */
  identity?: CallerIdentity;
}

function adapterOpeners(
  name: string,
  config: BaseConfig,
  logger: Logger,
  dataDir: string,
  identity: CallerIdentity | undefined,
  embedded: EmbeddedLoader | undefined,
): AdapterOpeners {
  return {
    documentStore: () =>
      openDocumentStore({
        mongodbUrl: config.mongodbUrl,
        dataDir,
        database: `tessera_${name}`,
        logger,
        embedded,
      }),
    keyValueStore: () => openKeyValueStore({ redisUrl: config.redisUrl, logger, embedded }),
    eventBus: () =>
      openEventBus({
        natsUrl: config.natsUrl,
        natsUser: config.natsUser,
        natsPassword: config.natsPassword,
        busUrl: config.busUrl,
        logger,
        name,
        identity,
        embedded,
      }),
    objectStore: () =>
      openObjectStore({
        mongodbUrl: config.mongodbUrl,
        dir: path.join(dataDir, 'objects'),
        database: `tessera_${name}`,
        logger,
        embedded,
      }),
  };
}

export interface ServiceParts {
  routes: (router: ConnectRouter) => void;
  /** Fully qualified names of the registered services (for grpc.health.v1 per-service status). */
  services: string[];
  /** Releases adapters (stores, bus connections) after the server has drained. */
  close?: () => Promise<void>;
}

/** A service's `setup` (src/setup.ts): opens its adapters from the context, returns its core and routes. */
export type ServiceSetup<C extends object, Core> = (
  ctx: ServiceContext<C>,
) => Promise<ServiceParts & { core: Core }>;

/**
 * `parts` whose `close` closes them (their own `close`, when they have one) and then each adapter in
 * order: every setup releases the core before the stores and the bus it runs on.
 */
export function closingInOrder<P extends Partial<ServiceParts>>(
  parts: P,
  ...adapters: { close(): Promise<void> | void }[]
): P & { close(): Promise<void> } {
  return {
    ...parts,
    async close() {
      await parts.close?.();
      for (const adapter of adapters) await adapter.close();
    },
  };
}

export interface ServiceDefinition<C extends object> {
  name: Exclude<ProcessName, 'bff'>;
  config?: (env: EnvReader) => C;
  /** The port to listen on, when it is not PORT (the broker's BUS_PORT). */
  port?: (config: BaseConfig & C) => number;
  setup: (ctx: ServiceContext<C>) => Promise<ServiceParts>;
  /**
   * Log lines gathered and written 4 KiB at a time, at the latest after 200 ms and at exit
   * (createLogger's `buffered`, as the BFF logs): for a service that logs a line on a hot path.
   */
  bufferedLog?: boolean;
  /**
   * The embedded backends (`loadEmbedded` of `@tessera/embedded/load`), loaded only for a backend
   * whose URL is unset; without them such a backend fails at start, naming its variable.
   */
  embedded?: EmbeddedLoader;
}

/** Installs handlers so a stray error is logged with context instead of silently killing the process. */
export function installProcessHandlers(logger: Logger): void {
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));
  process.on('uncaughtException', (err) => {
    logger.fatal({ err }, 'uncaught exception; exiting');
    process.exit(1);
  });
}

/**
 * Runs `fn` once on SIGTERM or SIGINT (in a worker thread: on THREAD_SHUTDOWN_MESSAGE from its
 * parent), then exits 0 (or 1 when `fn` throws); in a worker thread, exiting ends the thread.
 */
export function onShutdownSignal(logger: Logger, fn: () => Promise<void>): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals | typeof THREAD_SHUTDOWN_MESSAGE) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    fn().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', handle);
  process.on('SIGINT', handle);
  parentPort?.on('message', (message: unknown) => {
    if (message === THREAD_SHUTDOWN_MESSAGE) handle(message);
  });
}

/** Loads configuration or exits with a message that names each bad variable. */
export function loadConfigOrExit<C extends object>(
  name: ProcessName,
  extra?: (env: EnvReader) => C,
): BaseConfig & C {
  try {
    return loadConfig(name, extra);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`tessera-${name}: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
}

/**
 * The trust of a service process: its verifier with the trust table (the broker: with the event
 * permissions). Every service process serves with one; there is no way to run it open.
 */
function trustOf(name: ServiceDefinition<object>['name'], ids: IdentitySettings): RpcTrust {
  if (!ids.verifier) throw new Error(`tessera-${name}: no verifier (SERVICE_JWKS)`);
  return name === 'broker' ? brokerTrust(ids.verifier) : serviceTrust(name, ids.verifier);
}

/**
 * The whole life of one service process: configuration (with its service identity: SERVICE_KEY to
 * call others, SERVICE_JWKS to verify its callers; without them it does not start), logging,
 * adapters, the Connect server with health and the identity guard, and a graceful stop on SIGTERM
 * (in-flight calls finish, then adapters close).
 */
export async function runService<C extends object>(def: ServiceDefinition<C>): Promise<RpcServer> {
  const config = loadConfigOrExit(def.name, (env) => ({
    ...(def.config ? def.config(env) : ({} as C)),
    // The broker calls nobody: it only verifies. Every other service also calls (peers, the bus).
    ids: readIdentity(env, def.name, { sign: def.name !== 'broker', verify: true }),
  }));
  const { ids } = config;
  const logger = createLogger(`tessera-${def.name}`, { level: config.logLevel, buffered: def.bufferedLog });
  installProcessHandlers(logger);
  if (ids.identity) setProcessIdentity(ids.identity);
  const trust = trustOf(def.name, ids);
  const metrics = await startMetricsServer({
    process: def.name,
    host: config.host,
    port: config.metricsPort,
    logger,
  });
  const dataDir = path.join(config.dataDir, def.name);
  const open = adapterOpeners(def.name, config, logger, dataDir, ids.identity, def.embedded);
  const parts = await def.setup({
    config,
    logger,
    dataDir,
    open,
    identity: ids.identity,
  });
  const server = await startRpcServer({
    name: def.name,
    host: config.host,
    port: def.port ? def.port(config) : config.port,
    logger,
    routes: parts.routes,
    services: parts.services,
    trust,
  });
  logger.info({ url: server.url, services: parts.services }, `tessera-${def.name} listening`);
  onShutdownSignal(logger, async () => {
    await server.close(config.shutdownGraceMs);
    await parts.close?.();
    await metrics.close();
    logger.info('stopped');
    await shutdownTelemetry();
  });
  return server;
}
