import type { Client } from '@connectrpc/connect';
import type { EventBus, Logger, ObjectStore } from '@tessera/kit';
import type { CanvasService as CanvasRpc } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import type { IdentityService as IdentityRpc } from '@tessera/proto/tessera/identity/v1/identity_pb.js';
import type { RendererService as RendererRpc } from '@tessera/proto/tessera/renderer/v1/renderer_pb.js';
import type { ContributorRepository } from '../adapters/contributors.js';
import type { ImageProcessor } from '../adapters/images.js';
import type { PromotionRepository } from '../adapters/promotions.js';
import type { SubmissionRepository } from '../adapters/submissions.js';
import type { UploadRepository } from '../adapters/uploads.js';
import type { VoteRepository } from '../adapters/votes.js';

/** What the submission service is built from; injected so tests use the embedded stores and fakes. */
export interface SubmissionDeps {
  submissions: SubmissionRepository;
  votes: VoteRepository;
  uploads: UploadRepository;
  contributors: ContributorRepository;
  promotions: PromotionRepository;
  /** Uploaded images (GridFS with MONGODB_URL, else files under DATA_DIR). */
  objects: ObjectStore;
  /** Checks and re-encodes uploaded images (sharp, bounded). */
  images: ImageProcessor;
  bus: EventBus;
  logger: Logger;
  /** The key that signs upload forms (UPLOAD_SIGNING_SECRET, else generated once and stored). */
  uploadSecret: Uint8Array;
  /** The canvas service: the active canvas, and creating the next one. */
  canvas: Client<typeof CanvasRpc>;
  /** Identity: which voters have a verified e-mail address (GetVerifiedUsers). */
  identity: Client<typeof IdentityRpc>;
  /** The renderer: rasterising the winning artwork. */
  renderer: Client<typeof RendererRpc>;
  /** Milliseconds since the epoch. */
  now: () => number;
}
