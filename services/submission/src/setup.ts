/**
 * Builds the submission service. `setup` opens the configured adapters (the process, main.ts) and
 * returns the service, its routes and what closes them; `createSubmission` builds the service on
 * given adapters and peers (tests: an embedded store in a temp folder, the in-process bus, fake or
 * real peers); `startConsumers` starts its event consumers and the vote repair sweep.
 */
import { SUBJECTS } from '@tessera/facts/subjects';
import {
  closingInOrder,
  createPeerClient,
  startPeriodic,
  type DocumentStore,
  type EventBus,
  type ServiceSetup,
  type Subscription,
} from '@tessera/kit';
import { CanvasService as CanvasRpc } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { IdentityService as IdentityRpc } from '@tessera/proto/tessera/identity/v1/identity_pb.js';
import { RendererService as RendererRpc } from '@tessera/proto/tessera/renderer/v1/renderer_pb.js';
import { ContributorRepository } from './adapters/contributors.js';
import { SharpImageProcessor } from './adapters/images.js';
import { PromotionRepository } from './adapters/promotions.js';
import { uploadSecret } from './adapters/secret.js';
import { SubmissionRepository } from './adapters/submissions.js';
import { UploadRepository } from './adapters/uploads.js';
import { VoteRepository } from './adapters/votes.js';
import { routes, SERVICES } from './routes.js';
import { SubmissionService } from './service/submission-service.js';
import { REPAIR_EVERY_MS } from './service/voting.js';
import type { SubmissionSettings } from './settings.js';
import type { SubmissionDeps } from './service/deps.js';

export async function createSubmission(
  opts: Pick<SubmissionDeps, 'objects' | 'bus' | 'logger' | 'canvas' | 'renderer' | 'identity'> &
    Partial<Pick<SubmissionDeps, 'images' | 'now'>> & { store: DocumentStore; secret?: string },
): Promise<SubmissionService> {
  return new SubmissionService({
    submissions: await SubmissionRepository.open(opts.store),
    votes: await VoteRepository.open(opts.store),
    uploads: await UploadRepository.open(opts.store),
    contributors: await ContributorRepository.open(opts.store),
    promotions: await PromotionRepository.open(opts.store),
    objects: opts.objects,
    images: opts.images ?? new SharpImageProcessor(),
    bus: opts.bus,
    logger: opts.logger,
    uploadSecret: await uploadSecret(opts.store, opts.secret),
    canvas: opts.canvas,
    identity: opts.identity,
    renderer: opts.renderer,
    now: opts.now ?? Date.now,
  });
}

/** Durable consumer names: shared by every replica (the state they keep is in the shared store). */
export const CONSUMERS = {
  contributors: 'submission-contributors',
  activations: 'submission-activations',
  handover: 'submission-handover',
} as const;

/**
 * The event consumers (pixels committed, canvas activated, canvas sold out) and the vote repair
 * sweep (at start, then every REPAIR_EVERY_MS), which also runs the vote eligibility migration until
 * it has finished once.
 */
export async function startConsumers(
  core: SubmissionService,
  bus: EventBus,
  opts: { names?: Partial<typeof CONSUMERS>; repairEveryMs?: number } = {},
): Promise<{ stop(): Promise<void> }> {
  const names = { ...CONSUMERS, ...opts.names };
  const { logger } = core.deps;
  const subs: Subscription[] = [
    await bus.consume({
      durable: names.contributors,
      subjects: [SUBJECTS.pixelsCommitted],
      // order does not matter (an insert-only upsert): many in flight, acked in batches
      concurrency: 32,
      handler: (msg) => core.contributors.onCommitted(msg),
    }),
    await bus.consume({
      durable: names.activations,
      subjects: [SUBJECTS.canvasActivated],
      concurrency: 1,
      handler: (msg) => core.contributors.onActivated(msg),
    }),
    await bus.consume({
      durable: names.handover,
      subjects: [SUBJECTS.canvasSoldOut],
      concurrency: 1,
      // rasterising and creating 625 boards take a while on a busy machine
      ackWaitMs: 120_000,
      maxDeliver: 20,
      handler: (msg) => core.promotion.onSoldOut(msg).then(() => undefined),
    }),
  ];
  const repair = startPeriodic({
    name: 'vote repair',
    everyMs: opts.repairEveryMs ?? REPAIR_EVERY_MS,
    runAtStart: true,
    logger,
    run: async () => {
      const finished = await core.votes.repair();
      // once per store: older votes that must not count are taken back (vote-migration.ts)
      await core.voteMigration.ensure();
      return finished;
    },
    onDone: (n) => n > 0 && logger.info({ finished: n }, 'vote repair finished pending votes'),
  });
  return {
    async stop() {
      // a repair pass under way ends before the caller closes the store it uses
      await repair.stop();
      for (const s of subs) await s.stop();
    },
  };
}

/** The process's wiring: the configured adapters, the peers, the service and its consumers. */
export const setup: ServiceSetup<SubmissionSettings, SubmissionService> = async ({
  config,
  logger,
  open,
}) => {
  const store = await open.documentStore();
  const objects = await open.objectStore();
  const bus = await open.eventBus();
  const peer = { timeoutMs: config.rpcTimeoutMs };
  const core = await createSubmission({
    store,
    objects,
    bus,
    logger,
    canvas: createPeerClient(CanvasRpc, config.peers.canvas, peer),
    identity: createPeerClient(IdentityRpc, config.peers.identity, peer),
    // rasterising a large artwork may take longer than an ordinary call
    renderer: createPeerClient(RendererRpc, config.peers.renderer, {
      timeoutMs: Math.max(config.rpcTimeoutMs, 60_000),
    }),
    secret: config.uploadSigningSecret,
  });
  const consumers = await startConsumers(core, bus);
  const parts = { core, routes: routes(core), services: SERVICES, close: () => consumers.stop() };
  return closingInOrder(parts, bus, objects, store);
};
