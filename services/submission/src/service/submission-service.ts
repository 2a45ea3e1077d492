/**
 * The submission service: one object per process, built from injected dependencies (setup.ts wires
 * the real ones) and exposed over Connect by routes.ts. Its RPCs (submissions, votes, the winner)
 * are written by the artist-selection issue on top of the rules in `../domain/votes.ts`; until then
 * it owns only its adapters, and every RPC of the contract answers UNIMPLEMENTED.
 */
import type { DocumentStore, EventBus, Logger } from '@tessera/kit';

/** What the submission service is built from. */
export interface SubmissionDeps {
  store: DocumentStore;
  bus: EventBus;
  logger: Logger;
}

export class SubmissionService {
  constructor(readonly deps: SubmissionDeps) {}
}
