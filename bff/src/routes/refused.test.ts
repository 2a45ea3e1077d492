// A peer that refuses the BFF's service identity (no token, an unknown key, a caller its trust table
// does not list) is a deployment error, not the user's: the BFF answers 500 with the generic message
// (never a 401 or 403 that would end the user's session or blame them) and logs it.
import { describe, expect, it } from 'vitest';
import { GENERIC_MESSAGE } from '@tessera/kit';
import { testIdentities } from '@tessera/kit/testing';
import { withBffBeforeCanvas } from '../test/canvas-peer.js';

describe('a peer that refuses the BFF', () => {
  it('answers 500 with the generic error body', async () => {
    let handled = 0;
    // a canvas guarded as the canvas process is; the BFF of this test has no service identity
    const canvas = {
      handlers: { getActiveCanvas: () => (handled++, {}) },
      trust: testIdentities().trust('canvas'),
    };
    await withBffBeforeCanvas(canvas, async (base) => {
      const res = await fetch(`${base}/api/canvases/active`);
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({
        success: false,
        error: 'INTERNAL_SERVER_ERROR',
        statusCode: 500,
        message: GENERIC_MESSAGE,
      });
    });
    expect(handled).toBe(0);
  });
});
