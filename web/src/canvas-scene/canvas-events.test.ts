import { describe, expect, it } from 'vitest';
import { LIVE_EVENT_NAMES, parseCanvasEvent } from './live-events.js';

describe('canvas events', () => {
  it('reads the canvas of canvas:activated and canvas:soldout', () => {
    expect(LIVE_EVENT_NAMES.canvasActivated).toBe('canvas:activated');
    expect(LIVE_EVENT_NAMES.canvasSoldOut).toBe('canvas:soldout');
    expect(parseCanvasEvent('{"canvasIndex":4,"name":"Harbour","previousCanvasIndex":3}')).toEqual({
      canvasIndex: 4,
      name: 'Harbour',
    });
    expect(parseCanvasEvent('{"canvasIndex":4}')).toEqual({ canvasIndex: 4, name: '' });
  });

  it('ignores payloads that name no canvas', () => {
    for (const bad of [
      'nope',
      '[]',
      '{}',
      '{"canvasIndex":-1}',
      '{"canvasIndex":1.5}',
      '{"canvasIndex":"x"}',
    ])
      expect(parseCanvasEvent(bad), bad).toBeNull();
  });
});
