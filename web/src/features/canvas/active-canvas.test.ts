// Active canvas mapping and fetch errors.
import { describe, expect, it } from 'vitest';
import { createHarness, json, routes } from '../../api/client.fixture.js';
import { DEFAULT_CANVAS_MANIFEST, fetchActiveCanvas, toCanvasManifest } from './active-canvas.js';

describe('toCanvasManifest', () => {
  it('maps the first active canvas', () => {
    const body = {
      success: true,
      data: [
        { canvas_index: 3, name: 'Harbour', description: 'Boats at dawn', is_active: true },
        { canvas_index: 4, name: 'Other' },
      ],
    };
    expect(toCanvasManifest(body)).toEqual({
      canvasIndex: 3,
      canvasName: 'Harbour',
      description: 'Boats at dawn',
      totalBoards: 625,
      format: 'webp',
      scale: 2,
      isActive: true,
      soldOut: false,
    });
  });

  it('reads sold_out: the gallery keeps a sold-out canvas until the next one is chosen', () => {
    const body = { success: true, data: [{ canvas_index: 3, name: 'Harbour', sold_out: true }] };
    expect(toCanvasManifest(body)).toMatchObject({ canvasIndex: 3, soldOut: true });
  });

  it('returns null when success is false, data is empty or the index is invalid', () => {
    expect(toCanvasManifest({ success: false, data: [{ canvas_index: 1 }] })).toBeNull();
    expect(toCanvasManifest({ success: true, data: [] })).toBeNull();
    expect(toCanvasManifest({ success: true, data: [{ canvas_index: -1 }] })).toBeNull();
    expect(toCanvasManifest('x')).toBeNull();
  });

  it('has a "Default Canvas" fallback with index 0', () => {
    expect(DEFAULT_CANVAS_MANIFEST).toMatchObject({
      canvasIndex: 0,
      canvasName: 'Default Canvas',
      totalBoards: 625,
    });
  });
});

describe('fetchActiveCanvas', () => {
  it('reports a non-OK response with its status', async () => {
    const h = createHarness(routes({ 'GET /canvases/active': [json(500, {}, 'Internal Server Error')] }));
    await expect(fetchActiveCanvas(h.client)).rejects.toThrow(
      'Failed to fetch active canvas: 500 Internal Server Error',
    );
  });

  it('reports "No active canvas found" for an empty list', async () => {
    const h = createHarness(routes({ 'GET /canvases/active': [json(200, { success: true, data: [] })] }));
    await expect(fetchActiveCanvas(h.client)).rejects.toThrow('No active canvas found');
  });

  it('is a public call', async () => {
    const h = createHarness(
      routes({
        'GET /canvases/active': [json(200, { success: true, data: [{ canvas_index: 0, name: 'A' }] })],
      }),
    );
    await expect(fetchActiveCanvas(h.client)).resolves.toMatchObject({ canvasIndex: 0, canvasName: 'A' });
    expect(h.calls[0]?.headers.authorization).toBeUndefined();
  });

  it('asks the server, never the HTTP cache (a canvas switch must show at once)', async () => {
    const h = createHarness(
      routes({
        'GET /canvases/active': [json(200, { success: true, data: [{ canvas_index: 4, name: 'B' }] })],
      }),
    );
    await fetchActiveCanvas(h.client);
    expect(h.calls[0]?.cache).toBe('no-cache');
  });
});
