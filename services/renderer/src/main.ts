// The renderer process: configuration, the adapters and server (setup.ts), graceful shutdown.
import { runService } from '@tessera/kit';
import { loadEmbedded } from '@tessera/embedded/load';
import { readRendererSettings } from './settings.js';
import { setup } from './setup.js';

await runService({ name: 'renderer', config: readRendererSettings, setup, embedded: loadEmbedded });
