// The renderer process: configuration, the adapters and server (setup.ts), graceful shutdown.
import { runService } from '@tessera/kit';
import { setup } from './setup.js';

await runService({ name: 'renderer', setup });
