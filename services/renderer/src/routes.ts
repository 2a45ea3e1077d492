import type { ConnectRouter } from '@connectrpc/connect';
import { appError } from '@tessera/kit';
import { RendererService } from '@tessera/proto/tessera/renderer/v1/renderer_pb.js';
import type { RendererCore } from './service/renderer-service.js';

/** The renderer's RPCs, mapped onto the service class (RasterizeArtwork answers UNIMPLEMENTED for now). */
export function rendererRoutes(core: RendererCore): (router: ConnectRouter) => void {
  return (router) => {
    router.service(RendererService, {
      renderComposite: async (req) => ({ image: await core.renderComposite(req) }),
      renderBoardThumbnail: async (req) => ({ image: await core.renderBoardThumbnail(req) }),
      rasterizeArtwork: () => {
        throw appError('NOT_IMPLEMENTED', 'RasterizeArtwork is not implemented yet');
      },
    });
  };
}

export const SERVICES = [RendererService.typeName];
