import { openDocumentStore, openEventBus, runService } from '@tessera/kit';
import { routes, SERVICES } from './routes.js';

await runService({
  name: 'submission',
  async setup({ config, logger, dataDir }) {
    const store = await openDocumentStore({
      mongodbUrl: config.mongodbUrl,
      dataDir,
      database: 'tessera_submission',
      logger,
    });
    const bus = await openEventBus({
      natsUrl: config.natsUrl,
      busUrl: config.busUrl,
      logger,
      name: 'submission',
    });
    return {
      routes,
      services: SERVICES,
      async close() {
        await bus.close();
        await store.close();
      },
    };
  },
});
