import { memoryStorage } from '../lib/memory-storage.fixture.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parsePixelsEvent } from './live-events.js';
import { refreshInterval, startRefreshLoop } from './refresh.js';
import { fakeDocument } from '../lib/visibility.fixture.js';
import { drawRecorder } from '../lib/draw-recorder.fixture.js';
import { drawLivePixels, renderOverlay, type Draw2D } from './render.js';
import { sceneLayout } from './layout.js';
import { truncateDescription } from './text.js';
import {
  parseTutorialRecord,
  readTutorial,
  shouldShowTutorial,
  tutorialRecord,
  writeTutorial,
} from './tutorial.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('truncateDescription', () => {
  it('keeps 150 characters or fewer as they are', () => {
    const text = 'a'.repeat(150);
    expect(truncateDescription(text)).toEqual({ text, truncated: false });
  });

  it('cuts longer text at a word boundary and adds an ellipsis', () => {
    const words = 'The harbour at dawn, painted by many hands. '.repeat(5);
    const { text, truncated } = truncateDescription(words);
    expect(truncated).toBe(true);
    expect(text.endsWith('...')).toBe(true);
    const body = text.slice(0, -3);
    expect(body.length).toBeLessThanOrEqual(150);
    expect(words.startsWith(body)).toBe(true);
    expect(words.charAt(body.length)).toMatch(/[\s,.]/);
  });

  it('cuts a single very long word at the limit', () => {
    expect(truncateDescription('x'.repeat(200)).text).toBe(`${'x'.repeat(150)}...`);
  });
});

describe('tutorial record', () => {
  it('shows without a record, with another version, or when neither seen nor skipped', () => {
    expect(shouldShowTutorial(null)).toBe(true);
    expect(shouldShowTutorial({ seen: true, skipped: true, version: '1.0.0', timestamp: 1 })).toBe(true);
    expect(shouldShowTutorial({ seen: false, skipped: false, version: '2.0.0', timestamp: 1 })).toBe(true);
    expect(shouldShowTutorial(tutorialRecord(true, 5))).toBe(false);
    expect(shouldShowTutorial(tutorialRecord(false, 5))).toBe(false);
  });

  it('stores {seen, timestamp, version 2.0.0, skipped}', () => {
    const storage = memoryStorage();
    writeTutorial(storage, tutorialRecord(true, 42));
    expect(readTutorial(storage)).toEqual({ seen: true, timestamp: 42, version: '2.0.0', skipped: true });
    expect(parseTutorialRecord('{oops')).toBeNull();
    expect(readTutorial(null)).toBeNull();
  });
});

describe('parsePixelsEvent', () => {
  it('maps board pixels to composite-image coordinates, keeping whole coordinates and #RRGGBB only', () => {
    const data = JSON.stringify({
      canvasIndex: 2,
      boardIndex: 26,
      pixels: [
        { x: 3, y: 4, color: '#ff0000' },
        { x: 49, y: 0, color: '#00ff00' },
        { x: 1, y: 1, color: 'red' },
        { x: 1, y: 3, color: '#abc' },
        { x: null, y: 4, color: '#000000' },
        { x: 1.5, y: 5, color: '#000000' },
        { x: '2', y: '6', color: '#000000' },
      ],
      committedAt: 'x',
    });
    expect(parsePixelsEvent(data)).toEqual({
      canvasIndex: 2,
      boardIndex: 26,
      pixels: [
        { x: 52, y: 53, color: '#FF0000' },
        { x: 51, y: 55, color: '#000000' },
      ],
    });
  });

  it('rejects bad payloads', () => {
    expect(parsePixelsEvent('nope')).toBeNull();
    expect(parsePixelsEvent('{"canvasIndex":1,"boardIndex":625,"pixels":[]}')).toBeNull();
    expect(parsePixelsEvent('{"canvasIndex":1,"boardIndex":3}')).toBeNull();
    // null is no board (Number(null) would have read board 0)
    expect(parsePixelsEvent('{"canvasIndex":1,"boardIndex":null,"pixels":[]}')).toBeNull();
  });
});

describe('refresh loop', () => {
  it('refreshes every 15 s desktop, 30 s mobile, paused while hidden', () => {
    expect(refreshInterval(false)).toBe(15_000);
    expect(refreshInterval(true)).toBe(30_000);
    vi.useFakeTimers();
    const { doc, set, listeners } = fakeDocument();
    const tick = vi.fn();
    // the browser's clock (the default) under fake timers
    const stop = startRefreshLoop({ intervalMs: 15_000, tick, visibility: doc });
    vi.advanceTimersByTime(15_000);
    expect(tick).toHaveBeenCalledTimes(1);
    set('hidden');
    vi.advanceTimersByTime(45_000);
    expect(tick).toHaveBeenCalledTimes(1);
    set('visible');
    expect(tick).toHaveBeenCalledTimes(2);
    stop();
    expect(listeners.size).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(tick).toHaveBeenCalledTimes(2);
  });
});

function recorder() {
  const { ctx, ops: calls } = drawRecorder<Draw2D>();
  return { ctx, calls };
}

/** The draw calls of the grid overlay for a canvas of this size, zoom and hovered board. */
function overlay(o: { width: number; height: number; dpr: number; zoom: number; hoverBoard: number | null }) {
  const { ctx, calls } = recorder();
  const { zoom, ...size } = o;
  renderOverlay(ctx, { ...size, viewport: { zoom, x: 0, y: 0 }, layout: sceneLayout(false), showGrid: true });
  return calls;
}

describe('renderers', () => {
  it('draws the 26 + 26 grid lines and the hovered board', () => {
    const calls = overlay({ width: 800, height: 600, dpr: 1, zoom: 1, hoverBoard: 26 });
    expect(calls.filter((c) => c.startsWith('moveTo'))).toHaveLength(52);
    expect(calls.some((c) => c.startsWith('fill ') && c.endsWith(' 67.6,67.6,19.6,19.6'))).toBe(true);
    expect(calls.some((c) => c.startsWith('stroke ') && c.endsWith(' 67.6,67.6,19.6,19.6'))).toBe(true);
  });

  it('skips the grid when cells are tiny, and draws live pixels 1:1', () => {
    const calls = overlay({ width: 100, height: 100, dpr: 2, zoom: 0.1, hoverBoard: null });
    expect(calls.some((c) => c.startsWith('moveTo'))).toBe(false);
    const live = recorder();
    drawLivePixels(live.ctx, [{ x: 52, y: 53, color: '#FF0000' }]);
    expect(live.calls).toEqual(['fill #FF0000 52,53,1,1']);
  });
});
