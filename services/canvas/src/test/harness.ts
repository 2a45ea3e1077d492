/** A canvas service on the embedded store (temp dir) and the in-process bus, for tests. */
import { createClient, createRouterTransport, type Client } from '@connectrpc/connect';
import {
  createInProcessBus,
  createEmbeddedDocumentStore,
  type DocumentStore,
  type EventBus,
} from '@tessera/kit';
import { tempDir, testLogger } from '@tessera/kit/testing';
import { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { canvasRoutes } from '../routes.js';
import { createCanvasCore, type CanvasCore } from '../service/index.js';

export interface Harness {
  core: CanvasCore;
  client: Client<typeof CanvasService>;
  store: DocumentStore;
  bus: EventBus;
  close(): Promise<void>;
}

export async function startHarness(
  opts: { random?: () => number; bus?: EventBus; dir?: string } = {},
): Promise<Harness> {
  const tmp = opts.dir ? undefined : tempDir('tessera-canvas-');
  const store = await createEmbeddedDocumentStore(opts.dir ?? tmp!.dir);
  const bus = opts.bus ?? createInProcessBus();
  const core = await createCanvasCore({ store, bus, logger: testLogger('canvas'), random: opts.random });
  const client = createClient(CanvasService, createRouterTransport(canvasRoutes(core)));
  return {
    core,
    client,
    store,
    bus,
    async close() {
      if (!opts.bus) await bus.close();
      await store.close();
      tmp?.cleanup();
    },
  };
}

/** A flat test artwork: board b, pixel offset o -> a colour derived from both. */
export function testArt(boardIndex: number): string {
  const parts: string[] = [];
  for (let o = 0; o < 2401; o++)
    parts.push(((boardIndex * 7919 + o * 31) & 0xffffff).toString(16).padStart(6, '0').toUpperCase());
  return parts.join('');
}

export { canvasRoutes } from '../routes.js';
export { createCanvasCore, type CanvasCore } from '../service/index.js';
