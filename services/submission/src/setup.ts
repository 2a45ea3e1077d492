/**
 * Builds the submission service. `setup` opens the configured adapters (the process, main.ts) and
 * returns the service, its routes and what closes them.
 */
import { openDocumentStore, openEventBus, type ServiceContext, type ServiceParts } from '@tessera/kit';
import { routes, SERVICES } from './routes.js';
import { SubmissionService } from './service/submission-service.js';

/** The process's wiring: the configured adapters and the service on them. */
export async function setup({
  config,
  logger,
  dataDir,
}: ServiceContext<object>): Promise<ServiceParts & { core: SubmissionService }> {
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
  const core = new SubmissionService({ store, bus, logger });
  return {
    core,
    routes: routes(core),
    services: SERVICES,
    async close() {
      await bus.close();
      await store.close();
    },
  };
}
