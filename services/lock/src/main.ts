import { openEventBus, openKeyValueStore, runService } from '@tessera/kit';
import { routes, SERVICES } from './routes.js';

await runService({
  name: 'lock',
  async setup({ config, logger }) {
    const kv = await openKeyValueStore({ redisUrl: config.redisUrl, logger });
    const bus = await openEventBus({ natsUrl: config.natsUrl, busUrl: config.busUrl, logger, name: 'lock' });
    return {
      routes,
      services: SERVICES,
      async close() {
        await bus.close();
        await kv.close();
      },
    };
  },
});
