import { runService } from '@tessera/kit';
import { loadEmbedded } from '@tessera/embedded/load';
import { readLockSettings } from './settings.js';
import { setup } from './setup.js';

// a line per released lock: written 4 KiB at a time (loadtests/README.md, lock pairs)
await runService({
  name: 'lock',
  config: readLockSettings,
  setup,
  bufferedLog: true,
  embedded: loadEmbedded,
});
