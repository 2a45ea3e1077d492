import { openDocumentStore, openEventBus, runService } from '@tessera/kit';
import { canvasRoutes, SERVICES } from './routes.js';
import { createCanvasCore } from './service/index.js';

await runService({
  name: 'canvas',
  async setup({ config, logger, dataDir }) {
    const store = await openDocumentStore({
      mongodbUrl: config.mongodbUrl,
      dataDir,
      database: 'tessera_canvas',
      logger,
    });
    const bus = await openEventBus({
      natsUrl: config.natsUrl,
      busUrl: config.busUrl,
      logger,
      name: 'canvas',
    });
    const core = await createCanvasCore({ store, bus, logger });
    await core.ensureDemoCanvas();
    return {
      routes: canvasRoutes(core),
      services: SERVICES,
      async close() {
        await bus.close();
        await store.close();
      },
    };
  },
});
