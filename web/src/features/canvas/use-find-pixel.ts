// "Find a random available pixel": needs sign-in (a guest gets the sign-in dialog, reason
// pixel-purchase). A found pixel opens its board with ?highlight={x}-{y}. Feedback toasts last 3 s.
import { useCallback, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useApi } from '../../app/router-context.js';
import { toast, TOAST_DEFAULT_MS } from '../../app/toast/toast-store.js';
import { pixelKey } from '../../lib/pixel-key.js';
import {
  findRandomAvailablePixel,
  PIXEL_SEARCH_MESSAGES,
  pixelFoundMessage,
  pixelSearchErrorMessage,
} from './canvas-api.js';
import { openSignInDialog } from '../auth-dialog/index.js';

/** Feedback toasts stay the default 3 s, success and error too. */
const feedback = { durationMs: TOAST_DEFAULT_MS };

export function useFindPixel(options: {
  canvasIndex: number | null;
  canvasLoading: boolean;
  signedIn: boolean;
}) {
  const { canvasIndex, canvasLoading, signedIn } = options;
  const navigate = useNavigate();
  const api = useApi();
  const [searching, setSearching] = useState(false);

  const find = useCallback(async () => {
    if (!signedIn) {
      openSignInDialog('pixel-purchase');
      return;
    }
    if (canvasLoading) {
      toast.info(PIXEL_SEARCH_MESSAGES.loading, feedback);
      return;
    }
    if (canvasIndex === null) {
      toast.error(PIXEL_SEARCH_MESSAGES.noCanvas, feedback);
      return;
    }
    setSearching(true);
    try {
      const pixel = await findRandomAvailablePixel(api, canvasIndex);
      toast.success(pixelFoundMessage(pixel), feedback);
      await navigate({
        to: '/canvas/art/$boardIndex',
        params: { boardIndex: pixel.boardIndex },
        search: { highlight: pixelKey(pixel.x, pixel.y) },
      });
    } catch (error) {
      toast.error(pixelSearchErrorMessage(error), feedback);
    } finally {
      setSearching(false);
    }
  }, [signedIn, canvasLoading, canvasIndex, navigate, api]);

  return { find, searching };
}
