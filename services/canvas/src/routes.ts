import type { ConnectRouter } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import {
  CanvasService as CanvasRpc,
  GetRandomAvailablePixelResponseSchema,
  StreamBoardsResponseSchema,
} from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import type { CanvasService } from './service/canvas-service.js';
import { toPixelRecord } from './service/mappers.js';

/** The canvas service's RPCs, mapped onto the service class. */
export function routes(core: CanvasService): (router: ConnectRouter) => void {
  const { purchases } = core;
  return (router) => {
    router.service(CanvasRpc, {
      getActiveCanvas: async () => ({ canvas: await core.getActiveCanvas() }),
      getCanvas: async (req) => ({ canvas: await core.getCanvas(req.canvasIndex) }),
      listCanvases: async () => ({ canvases: await core.listCanvases() }),
      getBoard: async (req) => ({ board: await core.getBoard(req.canvasIndex, req.boardIndex) }),
      async *streamBoards(req) {
        for await (const { board, canvasVersion } of core.streamBoards(req.canvasIndex)) {
          yield create(StreamBoardsResponseSchema, { board, canvasVersion });
        }
      },
      getRandomAvailablePixel: async (req) =>
        create(GetRandomAvailablePixelResponseSchema, {
          pixel: await core.getRandomAvailablePixel(req.canvasIndex),
        }),
      reservePixels: (req) => purchases.reserve(req),
      commitOrder: (req) => purchases.commit(req),
      releaseReservation: async (req) => ({
        released: await purchases.release(req.orderId, req.canvasIndex, req.boardIndex),
      }),
      createCanvas: async (req) => ({
        canvas: await core.createCanvasFromRgb(
          req.name,
          req.description,
          req.defaultColors,
          req.activate,
          req.sourceSubmissionId,
          req.artist,
        ),
      }),
      activateCanvas: async (req) => ({ canvas: await core.activateCanvas(req.canvasIndex) }),
      getUserPixelCount: async (req) => ({
        pixelCount: await core.getUserPixelCount(req.userId, req.canvasIndex),
      }),
      resetPixel: (req) => core.moderation.reset(req),
      getPixel: async (req) => ({
        pixel: toPixelRecord(await core.getPixel(req.canvasIndex, req.boardIndex, req.x, req.y)),
      }),
      listUserPixels: async (req) => ({
        canvasOffsets: await core.listUserPixels(req.userId, req.canvasIndex),
      }),
      getCanvasHistory: (req) => core.history.get(req.canvasIndex),
    });
  };
}

/** The registered services' names (grpc.health.v1 reports each). */
export const SERVICES = [CanvasRpc.typeName];
