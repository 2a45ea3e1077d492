import { openDocumentStore, openEventBus, openKeyValueStore, runService } from '@tessera/kit';
import { createIdentity } from './setup.js';
import { readIdentitySettings } from './settings.js';

await runService({
  name: 'identity',
  config: readIdentitySettings,
  async setup({ config, logger, dataDir }) {
    const store = await openDocumentStore({
      mongodbUrl: config.mongodbUrl,
      dataDir,
      database: 'tessera_identity',
      logger,
    });
    const kv = await openKeyValueStore({ redisUrl: config.redisUrl, logger });
    const bus = await openEventBus({
      natsUrl: config.natsUrl,
      busUrl: config.busUrl,
      logger,
      name: 'identity',
    });
    const identity = await createIdentity({ settings: config, dataDir, logger, store, kv });
    return {
      routes: identity.routes,
      services: identity.services,
      async close() {
        await identity.close();
        await bus.close();
        await kv.close();
        await store.close();
      },
    };
  },
});
