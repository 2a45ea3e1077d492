import {
  createLogger,
  installProcessHandlers,
  loadCallerIdentityOrExit,
  loadConfigOrExit,
  onShutdownSignal,
  openEventBus,
  openKeyValueStore,
  shutdownTelemetry,
  startMetricsServer,
} from '@tessera/kit';
import { loadEmbedded } from '@tessera/embedded/load';
import { createApp, createHttpServer } from './app.js';
import { readBffSettings } from './config.js';
import { createPeers } from './peers.js';

const config = loadConfigOrExit('bff', readBffSettings);
// The BFF's service identity (SERVICE_KEY): every call to a service and to the broker carries it.
const identity = loadCallerIdentityOrExit('bff');
// a line per request: written asynchronously, many lines per write under load, the rest at exit
const logger = createLogger('tessera-bff', { level: config.logLevel, buffered: true });
installProcessHandlers(logger);
// GET /metrics on a port of its own (METRICS_PORT), which the web app cannot shadow
const metrics = await startMetricsServer({
  process: 'bff',
  host: config.host,
  port: config.metricsPort,
  logger,
});

let shuttingDown = false;
// the embedded backends are loaded only for a backend whose URL is unset
const kv = await openKeyValueStore({ redisUrl: config.redisUrl, logger, embedded: loadEmbedded });
const bus = await openEventBus({
  natsUrl: config.natsUrl,
  natsUser: config.natsUser,
  natsPassword: config.natsPassword,
  busUrl: config.busUrl,
  logger,
  name: 'bff',
  identity,
  embedded: loadEmbedded,
});
const peers = createPeers(config.peers, config.rpcTimeoutMs);
const app = createApp({
  logger,
  config,
  peers,
  kv,
  bus,
  isShuttingDown: () => shuttingDown,
  now: () => Date.now(),
});
const server = createHttpServer(app);
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.requestTimeout = 60_000;

server.listen(config.port, config.host, () => {
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  logger.info({ port, webDist: config.webDist }, `tessera-bff listening on http://localhost:${port}`);
});

onShutdownSignal(logger, async () => {
  shuttingDown = true;
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    // long-lived responses (the event stream) end here; browsers reconnect to another replica
    setTimeout(
      () => {
        server.closeAllConnections();
        resolve();
      },
      Math.min(config.shutdownGraceMs, 1500),
    ).unref();
  });
  await bus.close();
  await kv.close();
  await metrics.close();
  logger.info('stopped');
  await shutdownTelemetry();
});
