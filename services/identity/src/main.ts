// The identity process: configuration, the adapters and server (setup.ts), graceful shutdown.
import { runService } from '@tessera/kit';
import { loadEmbedded } from '@tessera/embedded/load';
import { readIdentitySettings } from './settings.js';
import { setup } from './setup.js';

await runService({ name: 'identity', config: readIdentitySettings, setup, embedded: loadEmbedded });
