// The submission process: configuration, the adapters and server (setup.ts), graceful shutdown.
import { runService } from '@tessera/kit';
import { loadEmbedded } from '@tessera/embedded/load';
import { readSubmissionSettings } from './settings.js';
import { setup } from './setup.js';

await runService({ name: 'submission', config: readSubmissionSettings, setup, embedded: loadEmbedded });
