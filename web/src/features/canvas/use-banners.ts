// Error banners of the canvas page: an error stays until closed (with Retry); warning and info hide
// themselves after 5 s. One banner at a time; a newer one replaces it.
import { useCallback, useState } from 'react';
import { BANNER_AUTO_HIDE_MS } from '../../canvas-scene/index.js';
import { useTimeout } from '../../lib/use-timeout.js';

export type BannerType = 'error' | 'warning' | 'info';

export interface Banner {
  id: number;
  type: BannerType;
  message: string;
  onRetry?: () => void;
}

let nextId = 1;

export function useBanners() {
  const [banner, setBanner] = useState<Banner | null>(null);

  const show = useCallback((type: BannerType, message: string, onRetry?: () => void) => {
    setBanner({ id: nextId++, type, message, onRetry });
  }, []);
  const close = useCallback(() => setBanner(null), []);

  const id = banner?.id;
  useTimeout(
    () => setBanner((b) => (b?.id === id ? null : b)),
    banner && banner.type !== 'error' ? BANNER_AUTO_HIDE_MS : null,
    banner,
  );

  return { banner, show, close };
}
