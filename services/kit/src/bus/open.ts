/**
 * Picks the event-bus adapter from configuration: NATS JetStream when `natsUrl` is set, else the
 * embedded backends (`@tessera/embedded`, through the `embedded` loader the process was composed
 * with): the broker process when `busUrl` is set (what `npm start` does), else an in-process bus
 * (events stay inside this process; persisted under `<dataDir>/bus` when `dataDir` is given).
 */
import type { Logger } from '../log/logger.js';
import { embeddedFor, type EmbeddedLoader } from '../compose/embedded.js';
import type { EventBus } from './port.js';
import { natsInboxPrefix } from './nats-permissions.js';
import type { CallerIdentity } from '../rpc/identity/identity.js';
import { tracedBus, type TracedEventBus } from '../telemetry/bus-tracing.js';

export interface OpenEventBusOptions {
  /** NATS_URL: NATS JetStream. */
  natsUrl?: string;
  /** NATS_USER and NATS_PASSWORD: the process's NATS user (nats-permissions.ts gives its permissions). */
  natsUser?: string;
  natsPassword?: string;
  /** BUS_URL: the embedded broker process (http://host:port). */
  busUrl?: string;
  logger: Logger;
  /** The process using the bus (the NATS connection name is `tessera-<name>`). */
  name: string;
  /** Where an in-process bus keeps its journal (`<dataDir>/bus`); omitted: memory only. */
  dataDir?: string;
  /** How long to wait for NATS or the broker before failing (default 15 s). */
  connectTimeoutMs?: number;
  /** Whose service token the broker calls carry (default: the process identity). */
  identity?: CallerIdentity;
  /** The embedded backends, loaded only when `natsUrl` is unset. */
  embedded?: EmbeddedLoader;
}

/**
 * Opens the configured bus, traced (telemetry/bus-tracing.ts: a PRODUCER span per publish, a
 * CONSUMER span per delivery); rejects with a BusError when the configured server cannot be reached.
 */
export async function openEventBus(opts: OpenEventBusOptions): Promise<TracedEventBus> {
  const bus = await openUntraced(opts);
  return tracedBus(bus, opts.natsUrl ? 'nats' : 'tessera_broker');
}

async function openUntraced(opts: OpenEventBusOptions): Promise<EventBus> {
  const logger = opts.logger.child({ component: 'bus' });
  if (opts.natsUrl) {
    // loaded only when configured: the nats client is not held by processes that do not use it
    const [{ NatsBus }, { redactUrl }] = await Promise.all([import('./nats.js'), import('./nats-setup.js')]);
    const bus = await NatsBus.connect({
      url: opts.natsUrl,
      logger,
      name: `tessera-${opts.name}`,
      connectTimeoutMs: opts.connectTimeoutMs,
      ...(opts.natsUser
        ? { user: opts.natsUser, password: opts.natsPassword, inboxPrefix: natsInboxPrefix(opts.natsUser) }
        : {}),
    });
    logger.info({ url: redactUrl(opts.natsUrl), user: opts.natsUser ?? null }, 'event bus: NATS JetStream');
    return bus;
  }
  const embedded = await embeddedFor(opts.embedded, 'NATS_URL');
  return embedded.eventBus({
    busUrl: opts.busUrl,
    dataDir: opts.dataDir,
    logger,
    connectTimeoutMs: opts.connectTimeoutMs,
    identity: opts.identity,
  });
}
