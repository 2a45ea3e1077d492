import { runService } from '@tessera/kit';
import { setup } from './setup.js';

await runService({ name: 'lock', setup });
