/**
 * The submission service over a real Connect server on port 0, on an embedded store and object
 * store in a temp folder and the in-process bus, with a fake canvas service, a fake renderer and a
 * fake identity service (Connect router transports) that record what they were asked, or clients of real ones: what the
 * service tests, the upload tests, the vote property tests, the hand-over tests and the operator
 * CLI's tests share.
 */
import { createClient, createRouterTransport, type Client, type ServiceImpl } from '@connectrpc/connect';
import { CANVAS_RGB_BYTES } from '@tessera/facts/grid';
import { create, type DescService } from '@bufbuild/protobuf';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import {
  createPeerClient,
  type DocumentStore,
  type EventBus,
  type ObjectStore,
  type RpcServer,
} from '@tessera/kit';
import { testLogger, startTestRpcServer } from '@tessera/kit/testing';
import {
  CanvasSchema,
  CanvasService as CanvasRpc,
  type Canvas,
} from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { IdentityService as IdentityRpc } from '@tessera/proto/tessera/identity/v1/identity_pb.js';
import { RendererService as RendererRpc } from '@tessera/proto/tessera/renderer/v1/renderer_pb.js';
import { SubmissionService as SubmissionRpc } from '@tessera/proto/tessera/submission/v1/submission_pb.js';
import type { ImageProcessor } from '../adapters/images.js';
import { routes, SERVICES } from '../routes.js';
import { createSubmission, startConsumers } from '../setup.js';
import type { SubmissionService } from '../service/submission-service.js';
import { createEmbeddedObjectStore } from '@tessera/embedded';
import { openTestStores } from '@tessera/embedded/testing';

/** A client of `impl` served over an in-memory Connect router transport: what the doubles answer with. */
function doubleOf<S extends DescService>(svc: S, impl: Partial<ServiceImpl<S>>): Client<S> {
  return createClient(
    svc,
    createRouterTransport(({ service }) => {
      service(svc, impl);
    }),
  );
}

/** A canvas service double: the active canvas, and CreateCanvas idempotent per source submission. */
export class FakeCanvas {
  active = 1;
  readonly canvases: Canvas[] = [create(CanvasSchema, { canvasIndex: 1, name: 'Demo', isActive: true })];
  createCalls = 0;
  /** Throws after creating (as if the caller crashed before it heard the answer), this many times. */
  failAfterCreate = 0;
  readonly client: Client<typeof CanvasRpc> = doubleOf(CanvasRpc, {
    getActiveCanvas: () => ({ canvas: this.canvases.find((c) => c.canvasIndex === this.active) }),
    createCanvas: (req) => {
      this.createCalls++;
      if (req.defaultColors.length !== CANVAS_RGB_BYTES) throw new Error('default colours of the wrong size');
      let c = this.canvases.find((x) => x.description === `source:${req.sourceSubmissionId}`);
      if (!c) {
        c = create(CanvasSchema, {
          canvasIndex: Math.max(...this.canvases.map((x) => x.canvasIndex)) + 1,
          name: req.name,
          description: `source:${req.sourceSubmissionId}`,
        });
        this.canvases.push(c);
        this.created.push({
          name: req.name,
          description: req.description,
          source: req.sourceSubmissionId,
        });
        if (req.activate) this.active = c.canvasIndex;
      }
      if (this.failAfterCreate > 0) {
        this.failAfterCreate--;
        throw new Error('connection lost after the canvas was created');
      }
      return { canvas: c };
    },
  });
  readonly created: { name: string; description: string; source: string }[] = [];
}

/** A renderer double: checks it got an image and answers 1225x1225 colours. */
export class FakeRenderer {
  calls = 0;
  failNext = 0;
  readonly client: Client<typeof RendererRpc> = doubleOf(RendererRpc, {
    rasterizeArtwork: async (req) => {
      this.calls++;
      if (this.failNext > 0) {
        this.failNext--;
        throw new Error('renderer restarting');
      }
      await sharp(req.image).metadata(); // a real image, or this throws
      return { defaultColors: new Uint8Array(CANVAS_RGB_BYTES).fill(200) };
    },
  });
}

/**
 * An identity double for vote eligibility: GetVerifiedUsers answers the users in `verified`, or
 * every id asked about when `everyone` (the tests of the vote protocol itself, whose voters are
 * assumed eligible; the eligibility tests start with nobody verified).
 */
export class FakeIdentity {
  readonly verified = new Set<string>();
  calls = 0;
  /** Throws this many times (identity unreachable). */
  failNext = 0;
  constructor(public everyone = false) {}
  readonly client: Client<typeof IdentityRpc> = doubleOf(IdentityRpc, {
    getVerifiedUsers: (req) => {
      this.calls++;
      if (this.failNext > 0) {
        this.failNext--;
        throw new Error('identity unreachable');
      }
      return { userIds: req.userIds.filter((id) => this.everyone || this.verified.has(id)) };
    },
  });
}

export interface Harness {
  core: SubmissionService;
  rpc: Client<typeof SubmissionRpc>;
  server: RpcServer;
  store: DocumentStore;
  objects: ObjectStore;
  bus: EventBus;
  canvas: FakeCanvas;
  renderer: FakeRenderer;
  identity: FakeIdentity;
  dir: string;
  /** Stops the server and consumers; keeps the folder when `keep` (a restart test reopens it). */
  close(keep?: boolean): Promise<void>;
}

export async function startHarness(
  opts: {
    dir?: string;
    bus?: EventBus;
    consumers?: boolean;
    now?: () => number;
    canvas?: FakeCanvas;
    renderer?: FakeRenderer;
    /** Default: a double that counts every voter as verified. */
    identity?: FakeIdentity;
    /** A real identity service's client instead of the double (the double's records stay empty). */
    identityClient?: Client<typeof IdentityRpc>;
    images?: ImageProcessor;
    /** A real canvas service's client instead of the fake (the fake's records stay empty). */
    canvasClient?: Client<typeof CanvasRpc>;
    /** A real renderer's client instead of the fake (the fake's records stay empty). */
    rendererClient?: Client<typeof RendererRpc>;
  } = {},
): Promise<Harness> {
  const logger = testLogger('submission');
  const stores = await openTestStores({ dir: opts.dir, bus: opts.bus, prefix: 'tessera-submission-' });
  const { dir, store, bus } = stores;
  const objects = await createEmbeddedObjectStore(`${dir}/objects`);
  const canvas = opts.canvas ?? new FakeCanvas();
  const renderer = opts.renderer ?? new FakeRenderer();
  const identity = opts.identity ?? new FakeIdentity(true);
  const core = await createSubmission({
    store,
    objects,
    bus,
    logger,
    canvas: opts.canvasClient ?? canvas.client,
    renderer: opts.rendererClient ?? renderer.client,
    identity: opts.identityClient ?? identity.client,
    secret: 'test-upload-signing-secret-0123456789abcdef',
    now: opts.now,
    images: opts.images,
  });
  const consumers =
    opts.consumers === false ? undefined : await startConsumers(core, bus, { repairEveryMs: 3_600_000 });
  const server = await startTestRpcServer({
    name: 'submission',
    logger,
    routes: routes(core),
    services: SERVICES,
  });
  return {
    core,
    rpc: createPeerClient(SubmissionRpc, server.url),
    server,
    store,
    objects,
    bus,
    canvas,
    renderer,
    identity,
    dir,
    async close(keep = false) {
      await server.close(0);
      await consumers?.stop();
      await objects.close();
      await stores.close({ keep });
    },
  };
}

/** A small real PNG in one colour. */
export function pngOf(width = 8, height = 8, background = { r: 10, g: 120, b: 240 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** A PNG chunk (length, type, data, CRC), for test images written byte by byte. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Uploads an image as `userId` through the RPCs, returning its imageUrl. */
export async function uploadAs(
  h: Harness,
  userId: string,
  image?: Buffer,
  contentType = 'image/png',
): Promise<string> {
  const data = image ?? (await pngOf());
  const form = await h.rpc.createUploadUrl({
    userId,
    filename: 'art.png',
    contentType,
    fileSize: data.length,
  });
  const stored = await h.rpc.storeUpload({ fields: form.fields, data, contentType });
  return stored.imageUrl;
}

let seq = 0;
/** Creates a submission for `userId` (uploading an image first). */
export async function submitAs(
  h: Harness,
  userId: string,
  title = `Artwork ${++seq}`,
  username = `user_${userId}`,
) {
  const imageUrl = await uploadAs(h, userId);
  const { submission } = await h.rpc.createSubmission({
    userId,
    username,
    title,
    description: 'Warm colours over a quiet sea',
    imageUrl,
  });
  return submission!;
}
