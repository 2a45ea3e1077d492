/**
 * A stand-in for the submission service's side of the iteration hand-over, by the contract
 * (proto/tessera/submission/v1/submission.proto): it answers PromoteSubmission over a real HTTP/2
 * server and consumes `tessera.canvas.soldout` with a durable consumer, and both do what the contract
 * says the real service does: pick the active submission with the highest net score (or the one
 * named), have the REAL renderer rasterise its image, have the REAL canvas service create and activate
 * the canvas (name and description from the submission, idempotent per submission), and mark the
 * winner featured so it leaves the vote. Without any submission the sold-out canvas stays.
 *
 * TODO(lead, after the merge with the `subm` branch): run the real submission service here instead.
 */
import { Code, ConnectError } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { decodeEvent } from '@tessera/facts/events';
import { SUBJECTS } from '@tessera/facts/subjects';
import { appError, createPeerClient, startRpcServer, type EventBus, type RpcServer } from '@tessera/kit';
import { testLogger, uniquePrefix } from '@tessera/kit/testing';
import { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { RendererService } from '@tessera/proto/tessera/renderer/v1/renderer_pb.js';
import { SubmissionSchema, SubmissionService } from '@tessera/proto/tessera/submission/v1/submission_pb.js';

export interface Entry {
  id: string;
  title: string;
  description: string;
  username: string;
  image: Uint8Array;
  netScore: number;
}

export interface FakeSubmission {
  url: string;
  /** Submissions still in the vote (the featured one leaves it). */
  active: Entry[];
  /** What each sold-out event led to: the canvas made, or none when no submission was there. */
  handOvers: { soldOutCanvas: number; promoted: string | null; canvasIndex: number | null }[];
  close(): Promise<void>;
}

export async function startFakeSubmission(opts: {
  bus: EventBus;
  canvasUrl: string;
  rendererUrl: string;
  submissions: Entry[];
}): Promise<FakeSubmission> {
  const canvas = createPeerClient(CanvasService, opts.canvasUrl, { timeoutMs: 60_000 });
  const renderer = createPeerClient(RendererService, opts.rendererUrl, { timeoutMs: 60_000 });
  const active = [...opts.submissions];
  const handOvers: FakeSubmission['handOvers'] = [];

  async function promote(submissionId: string) {
    const entry = submissionId
      ? active.find((s) => s.id === submissionId)
      : [...active].sort((a, b) => b.netScore - a.netScore)[0];
    if (!entry) throw appError('NOT_FOUND', 'There is no submission to promote');
    const { defaultColors } = await renderer.rasterizeArtwork({ image: entry.image });
    const made = await canvas.createCanvas({
      name: entry.title,
      description: entry.description,
      defaultColors,
      activate: true,
      sourceSubmissionId: entry.id,
    });
    active.splice(active.indexOf(entry), 1); // featured: out of the vote
    const submission = create(SubmissionSchema, {
      id: entry.id,
      title: entry.title,
      description: entry.description,
      username: entry.username,
      netScore: entry.netScore,
    });
    return { submission, canvasIndex: made.canvas!.canvasIndex };
  }

  const server: RpcServer = await startRpcServer({
    name: 'submission',
    host: '127.0.0.1',
    port: 0,
    logger: testLogger('submission'),
    routes: (router) =>
      router.service(SubmissionService, { promoteSubmission: (req) => promote(req.submissionId) }),
  });
  const consumer = await opts.bus.consume({
    durable: uniquePrefix('fake-submission'),
    subjects: [SUBJECTS.canvasSoldOut],
    concurrency: 1,
    handler: async (msg) => {
      const { canvasIndex } = decodeEvent(SUBJECTS.canvasSoldOut, msg.data);
      // idempotent per sold-out canvas: a redelivery finds the hand-over done
      if (handOvers.some((h) => h.soldOutCanvas === canvasIndex)) return;
      try {
        const { submission, canvasIndex: next } = await promote('');
        handOvers.push({ soldOutCanvas: canvasIndex, promoted: submission.id, canvasIndex: next });
      } catch (err) {
        if (ConnectError.from(err).code !== Code.NotFound) throw err; // redelivered
        handOvers.push({ soldOutCanvas: canvasIndex, promoted: null, canvasIndex: null });
      }
    },
  });
  return {
    url: server.url,
    active,
    handOvers,
    async close() {
      await consumer.stop();
      await server.close(100);
    },
  };
}
