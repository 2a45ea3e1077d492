/**
 * The embedded event broker process (`node services/kit/dist/bus/broker-main.js`), started by
 * `npm start` when NATS_URL is not set. Serves tessera.bus.v1.BrokerService and grpc.health.v1 on
 * BUS_PORT (default 4223; PORT is left to the BFF, whose environment `npm start` shares), keeps its
 * journal under `<DATA_DIR>/bus/`, and stops gracefully on SIGTERM or SIGINT.
 */
import path from 'node:path';
import { PORTS } from '@tessera/facts/ports';
import { createLogger } from '../log/logger.js';
import { installProcessHandlers, loadConfigOrExit, onShutdownSignal } from '../service/run.js';
import { shutdownTelemetry } from '../telemetry/sdk.js';
import { startBrokerServer } from './broker/server.js';

const config = loadConfigOrExit('broker', (env) => ({
  busPort: env.int('BUS_PORT', { default: PORTS.broker, min: 0, max: 65535 }),
}));
const logger = createLogger('tessera-bus', { level: config.logLevel });
installProcessHandlers(logger);

const dataDir = path.join(config.dataDir, 'bus');
let server: Awaited<ReturnType<typeof startBrokerServer>>;
try {
  server = await startBrokerServer({ host: config.host, port: config.busPort, logger, dataDir });
} catch (err) {
  logger.fatal({ err, port: config.busPort, dataDir }, 'tessera-bus could not start');
  process.exit(1);
}
logger.info({ url: server.url, dataDir }, 'tessera-bus listening');

onShutdownSignal(logger, async () => {
  await server.close(config.shutdownGraceMs);
  logger.info('stopped');
  await shutdownTelemetry();
});
