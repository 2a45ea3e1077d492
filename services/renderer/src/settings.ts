/** The renderer's own settings (validated at start with the shared ones by runService). */
import type { EnvReader } from '@tessera/kit';
import { DEFAULT_CACHE_BYTES } from './service/image-cache.js';

export interface RendererSettings {
  /** RENDER_CACHE_BYTES: bytes of encoded images kept (default 64 MiB, 1 MiB to 1 GiB). */
  renderCacheBytes: number;
}

export function readRendererSettings(e: EnvReader): RendererSettings {
  return {
    renderCacheBytes: e.int('RENDER_CACHE_BYTES', {
      default: DEFAULT_CACHE_BYTES,
      min: 1024 * 1024,
      max: 1024 * 1024 * 1024,
    }),
  };
}
