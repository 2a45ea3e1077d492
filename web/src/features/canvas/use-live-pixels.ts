// Live updates: GET /api/events (Server-Sent Events; EventSource resumes with Last-Event-ID by itself; the
// path and the names are @tessera/facts/live's, as the BFF sends them). `pixels` events for this canvas
// are handed to onPixels; every `lock:<kind>` event goes to onLockEvent; `canvas:activated` (another
// canvas is the active one now) and `canvas:soldout` go to their handlers.
import { useEffect, useState } from 'react';
import { LIVE_EVENT, LIVE_EVENTS_PATH, LOCK_EVENT_NAMES } from '@tessera/facts/live';
import { useLatest } from '../../lib/use-latest.js';
import {
  parseCanvasEvent,
  parsePixelsEvent,
  type CanvasEvent,
  type PixelsEvent,
} from '../../canvas-scene/index.js';

export interface LiveHandlers {
  onPixels: (event: PixelsEvent) => void;
  onLockEvent?: (name: string, data: string) => void;
  /** `canvas:activated`: a canvas became the active one. */
  onCanvasActivated?: (event: CanvasEvent) => void;
  /** `canvas:soldout`: every pixel of this stream's canvas is sold. */
  onCanvasSoldOut?: (event: CanvasEvent) => void;
}

/**
 * `accessToken` (the editor's) makes the stream the holder's: the BFF then also sends `lock:expired`
 * and `lock:warning` for this user's locks (EventSource cannot set headers, so it goes in the query).
 */
export function useLivePixels(
  canvasIndex: number,
  handlers: LiveHandlers,
  enabled = true,
  accessToken: string | null = null,
): boolean {
  const [connected, setConnected] = useState(false);
  const ref = useLatest(handlers);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const url = accessToken
      ? `${LIVE_EVENTS_PATH}?access_token=${encodeURIComponent(accessToken)}`
      : LIVE_EVENTS_PATH;
    const source = new EventSource(url, { withCredentials: true });
    const onPixels = (event: MessageEvent<string>) => {
      const parsed = parsePixelsEvent(event.data);
      if (parsed && parsed.canvasIndex === canvasIndex && parsed.pixels.length > 0)
        ref.current.onPixels(parsed);
    };
    const onLock = (event: MessageEvent<string>) => ref.current.onLockEvent?.(event.type, event.data);
    const onActivated = (event: MessageEvent<string>) => {
      const parsed = parseCanvasEvent(event.data);
      if (parsed) ref.current.onCanvasActivated?.(parsed);
    };
    const onSoldOut = (event: MessageEvent<string>) => {
      const parsed = parseCanvasEvent(event.data);
      if (parsed && parsed.canvasIndex === canvasIndex) ref.current.onCanvasSoldOut?.(parsed);
    };
    source.addEventListener(LIVE_EVENT.pixels, onPixels);
    source.addEventListener(LIVE_EVENT.canvasActivated, onActivated);
    source.addEventListener(LIVE_EVENT.canvasSoldOut, onSoldOut);
    for (const name of LOCK_EVENT_NAMES) source.addEventListener(name, onLock);
    source.onopen = () => setConnected(true);
    source.onerror = () => setConnected(source.readyState === EventSource.OPEN);
    return () => {
      source.close();
      setConnected(false);
    };
  }, [canvasIndex, enabled, ref, accessToken]);

  return connected;
}
