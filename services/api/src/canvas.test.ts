import { describe, expect, it } from 'vitest';
import { ActiveCanvasResponse } from './canvas.js';
import { GalleryResponse } from './gallery.js';

describe('the canvas and gallery bodies', () => {
  it('takes the active canvas as a list (empty when none), never a bare object', () => {
    const canvas = { canvas_index: 2, name: 'Harbour', description: '', is_active: true, sold_out: false };
    expect(ActiveCanvasResponse.parse({ success: true, data: [canvas] }).data).toEqual([canvas]);
    expect(ActiveCanvasResponse.parse({ success: true, data: [] }).data).toEqual([]);
    expect(ActiveCanvasResponse.safeParse({ success: true, data: canvas }).success).toBe(false);
  });

  it("accepts the gallery with a selling canvas whose artist's share is still null", () => {
    const current = {
      canvas_index: 2,
      name: 'Harbour',
      artist: 'Ada',
      is_active: true,
      sold_out: false,
      started_at: '2026-11-29T08:00:00.000Z',
      sold_out_at: null,
      sold_pixels: 10,
      total_pixels: 1500625,
      artist_share_cents: null,
    };
    const body = { success: true, data: { canvases: [], current } };
    expect(GalleryResponse.parse(body)).toEqual(body);
    const noStart = { ...current, started_at: 'yesterday' };
    expect(
      GalleryResponse.safeParse({ success: true, data: { canvases: [], current: noStart } }).success,
    ).toBe(false);
  });
});
