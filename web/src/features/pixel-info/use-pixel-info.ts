// Pixel info and own pixels as queries. A pixel's info is kept 30 s (a sold pixel never changes; its
// buyer may change the anonymous choice, which invalidates these queries in this browser).
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useApi } from '../../app/router-context.js';
import { fetchOwnPixels, fetchPixelInfo, pixelInfoKeys } from './pixel-info-api.js';

export function usePixelInfo(canvasIndex: number, pixel: { x: number; y: number } | null) {
  const api = useApi();
  return useQuery({
    queryKey: pixelInfoKeys.one(canvasIndex, pixel?.x ?? -1, pixel?.y ?? -1),
    queryFn: ({ signal }) => fetchPixelInfo(api, canvasIndex, pixel!, signal),
    enabled: pixel !== null,
    staleTime: 30_000,
    retry: 1,
  });
}

/** The signed-in buyer's own pixels on a canvas (canvas offsets); empty for a guest. */
export function useOwnPixels(canvasIndex: number, signedIn: boolean): ReadonlySet<number> {
  const api = useApi();
  const { data } = useQuery({
    queryKey: pixelInfoKeys.own(canvasIndex),
    queryFn: ({ signal }) => fetchOwnPixels(api, canvasIndex, signal),
    enabled: signedIn,
    staleTime: 15_000,
  });
  return signedIn && data ? data : EMPTY;
}
const EMPTY: ReadonlySet<number> = new Set();

export const OUTLINE_STORAGE_KEY = 'tessera.outline-mine';
/** The switch's label (the canvas tools and the editor's hint bar). */
export const OUTLINE_LABEL = 'Outline my pixels';

/** Whether own pixels are outlined: on unless turned off, kept in localStorage. */
export function useOwnOutline(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => {
    try {
      return window.localStorage.getItem(OUTLINE_STORAGE_KEY) !== 'off';
    } catch {
      return true;
    }
  });
  const set = useCallback((next: boolean) => {
    try {
      window.localStorage.setItem(OUTLINE_STORAGE_KEY, next ? 'on' : 'off');
    } catch {
      // storage blocked: the choice lasts for this page
    }
    setOn(next);
  }, []);
  return [on, set];
}
