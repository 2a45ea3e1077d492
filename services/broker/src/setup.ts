/**
 * Builds the broker. `setup` opens the journal under `<DATA_DIR>/bus` (the process, main.ts) and
 * returns the service, its routes and what closes them; `startBrokerServer` runs the service on its
 * own Connect server (tests: port 0, a temporary folder or memory only).
 */
import path from 'node:path';
import { PORTS } from '@tessera/facts/ports';
import {
  startRpcServer,
  type EnvReader,
  type Logger,
  type RetentionLimits,
  type RpcServer,
  type RpcTrust,
  type ServiceSetup,
} from '@tessera/kit';
import { OPEN_ACCESS, tableAccess } from './domain/access.js';
import { routes, SERVICES } from './routes.js';
import { BrokerService } from './service/broker-service.js';
import { Broker } from '@tessera/embedded';

export interface BrokerSettings {
  /** BUS_PORT: PORT is left to the BFF, whose environment `npm start` shares. */
  busPort: number;
}

export function readBrokerSettings(env: EnvReader): BrokerSettings {
  return { busPort: env.int('BUS_PORT', { default: PORTS.broker, min: 0, max: 65535 }) };
}

/** The process's wiring: the journal in `<DATA_DIR>/bus` and the service on it. */
export const setup: ServiceSetup<BrokerSettings, BrokerService> = async ({ config, logger }) => {
  const dataDir = path.join(config.dataDir, 'bus');
  const broker = Broker.open(dataDir, { logger });
  logger.info({ dataDir }, 'journal open');
  // runService guards the server with the callers' identities; each call is held to its caller's
  // event permissions here.
  const core = new BrokerService(broker, tableAccess());
  return {
    core,
    routes: routes(core),
    services: SERVICES,
    async close() {
      broker.close();
    },
  };
};

export interface BrokerServerOptions {
  host?: string;
  port: number;
  logger: Logger;
  /** Folder of the journal; omitted: in memory only. */
  dataDir?: string;
  retention?: RetentionLimits;
  /**
   * The callers' identities (e.g. `testIdentities().trust('broker')` from @tessera/kit/testing): the
   * broker then holds every call to its caller's event permissions, as the process does. Without it
   * the broker answers anyone (tests of the bus semantics only).
   */
  trust?: RpcTrust;
}

export interface BrokerServer {
  url: string;
  port: number;
  broker: Broker;
  server: RpcServer;
  /** Stops accepting calls, cancels the streams, then closes the journal. */
  close(graceMs?: number): Promise<void>;
}

/** The broker on its own Connect (h2c) server with grpc.health.v1 (tests). */
export async function startBrokerServer(opts: BrokerServerOptions): Promise<BrokerServer> {
  const broker = opts.dataDir
    ? Broker.open(opts.dataDir, { logger: opts.logger, retention: opts.retention })
    : new Broker({ logger: opts.logger, retention: opts.retention });
  let server: RpcServer;
  try {
    server = await startRpcServer({
      name: 'broker',
      host: opts.host ?? '127.0.0.1',
      port: opts.port,
      logger: opts.logger,
      routes: routes(new BrokerService(broker, opts.trust ? tableAccess() : OPEN_ACCESS)),
      services: SERVICES,
      trust: opts.trust,
    });
  } catch (err) {
    broker.close();
    throw err;
  }
  return {
    url: server.url,
    port: server.port,
    broker,
    server,
    async close(graceMs = 500) {
      await server.close(graceMs);
      broker.close();
    },
  };
}
