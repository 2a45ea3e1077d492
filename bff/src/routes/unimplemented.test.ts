// An RPC a peer service has no handler for answers Connect UNIMPLEMENTED; the BFF turns that into a
// 501 with the spec's error body (not a 500 with the generic message).
import { describe, expect, it } from 'vitest';
import { withBffBeforeCanvas } from '../test/canvas-peer.js';

describe('an unimplemented RPC behind an /api route', () => {
  it('answers 501 with the spec error body', async () => {
    // the canvas contract registered without handlers: every RPC is unimplemented
    await withBffBeforeCanvas({ handlers: {} }, async (base) => {
      const res = await fetch(`${base}/api/canvases/active`);
      expect(res.status).toBe(501);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toMatchObject({
        success: false,
        error: 'NOT_IMPLEMENTED',
        statusCode: 501,
        message: 'This feature is not available yet.',
        field: null,
      });
      expect(Number.isNaN(Date.parse(String(body.timestamp)))).toBe(false);
    });
  });
});
