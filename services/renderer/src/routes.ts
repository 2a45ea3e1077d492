import type { ConnectRouter } from '@connectrpc/connect';
import { RendererService as RendererRpc } from '@tessera/proto/tessera/renderer/v1/renderer_pb.js';
import type { RendererService } from './service/renderer-service.js';

/** The renderer's RPCs, mapped onto the service class. */
export function routes(core: RendererService): (router: ConnectRouter) => void {
  return (router) => {
    router.service(RendererRpc, {
      renderComposite: async (req) => ({ image: await core.renderComposite(req) }),
      renderBoardThumbnail: async (req) => ({ image: await core.renderBoardThumbnail(req) }),
      rasterizeArtwork: async (req) => ({ defaultColors: await core.artwork.rasterize(req.image) }),
    });
  };
}

/** The registered services' names (grpc.health.v1 reports each). */
export const SERVICES = [RendererRpc.typeName];
