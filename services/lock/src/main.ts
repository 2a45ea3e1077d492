import { runService } from '@tessera/kit';
import { readLockSettings } from './settings.js';
import { setup } from './setup.js';

await runService({ name: 'lock', config: readLockSettings, setup });
