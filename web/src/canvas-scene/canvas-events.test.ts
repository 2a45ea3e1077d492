import { describe, expect, it } from 'vitest';
import { parseCanvasEvent, parseLockEvent } from './live-events.js';

describe('canvas events', () => {
  it('reads the canvas of canvas:activated and canvas:soldout', () => {
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

describe('lock events', () => {
  it('read the board, the holder and the time', () => {
    expect(parseLockEvent('{"canvasIndex":0,"boardIndex":7,"userId":"u1","username":"ada","at":5}')).toEqual({
      canvasIndex: 0,
      boardIndex: 7,
      userId: 'u1',
      at: 5,
    });
    expect(parseLockEvent('{"canvasIndex":"2","boardIndex":"7"}')).toEqual({
      canvasIndex: 2,
      boardIndex: 7,
      userId: null,
      at: null,
    });
  });

  it('are ignored when they name no board', () => {
    for (const bad of ['nope', '{"boardIndex":7}', '{"canvasIndex":0}', '{"canvasIndex":0,"boardIndex":625}'])
      expect(parseLockEvent(bad), bad).toBeNull();
  });
});
