// The payment process: configuration, the adapters and server (setup.ts), graceful shutdown.
import { runService } from '@tessera/kit';
import { loadEmbedded } from '@tessera/embedded/load';
import { readPaymentSettings } from './settings.js';
import { setup } from './setup.js';

await runService({ name: 'payment', config: readPaymentSettings, setup, embedded: loadEmbedded });
