/**
 * Builds the submission service. `setup` opens the configured adapters (the process, main.ts) and
 * returns the service, its routes and what closes them.
 */
import type { ServiceContext, ServiceParts } from '@tessera/kit';
import { routes, SERVICES } from './routes.js';
import { SubmissionService } from './service/submission-service.js';

/** The process's wiring: the configured adapters and the service on them. */
export async function setup({
  logger,
  open,
}: ServiceContext<object>): Promise<ServiceParts & { core: SubmissionService }> {
  const store = await open.documentStore();
  const bus = await open.eventBus();
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
