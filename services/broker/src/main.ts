// The embedded event broker process, started by `npm start` when NATS_URL is not set: configuration,
// the journal and server (setup.ts) on BUS_PORT, graceful shutdown on SIGTERM or SIGINT.
import { runService } from '@tessera/kit';
import { readBrokerSettings, setup } from './setup.js';

await runService({ name: 'broker', config: readBrokerSettings, port: (c) => c.busPort, setup });
