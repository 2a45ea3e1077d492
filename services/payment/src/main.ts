import { openDocumentStore, openEventBus, runService } from '@tessera/kit';
import { routes, SERVICES } from './routes.js';

await runService({
  name: 'payment',
  async setup({ config, logger, dataDir }) {
    const store = await openDocumentStore({
      mongodbUrl: config.mongodbUrl,
      dataDir,
      database: 'tessera_payment',
      logger,
    });
    const bus = await openEventBus({
      natsUrl: config.natsUrl,
      busUrl: config.busUrl,
      logger,
      name: 'payment',
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
