// The shared argument rules (@tessera/facts inputs, ids, orders) as the canvas RPCs apply them: the
// code, the field (the contract's snake_case name) and the one message.
import { describe, expect, it } from 'vitest';
import { forSuite, refusal } from '@tessera/kit/testing';
import { startHarness } from '../test/harness.js';
import { DEMO_CANVAS_INDEX } from './canvas-service.js';

// the checks run against the demo canvas, as a fresh store starts with it
const h = forSuite(async () => {
  const started = await startHarness();
  await started.core.ensureDemoCanvas();
  return started;
});
const c = DEMO_CANVAS_INDEX;

const reserve = (pixels: { x: number; y: number; color?: string; isDefault: boolean }[], userId = 'u1') =>
  h.client.reservePixels({
    orderId: 'pi_rules',
    userId,
    canvasIndex: c,
    boardIndex: 3,
    fencingToken: 1,
    pixels,
  });

describe('argument rules of the canvas RPCs', () => {
  it('refuses canvas and board indexes outside the grid and the int32 range', async () => {
    expect(await refusal(h.client.getCanvas({ canvasIndex: -1 }))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'canvas_index',
      message: 'canvas_index must be an integer from 0 to 2147483647',
    });
    expect(await refusal(h.client.getBoard({ canvasIndex: c, boardIndex: 625 }))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'board_index',
      message: 'board_index must be an integer from 0 to 624',
    });
  });

  it("refuses an order's pixels by the order rules, colours in the wire form only", async () => {
    for (const [pixels, message] of [
      [[], 'Select at least one pixel to buy'],
      [[{ x: 49, y: 0, isDefault: true }], 'Pixel (49, 0) is outside the board (x and y are 0 to 48)'],
      [
        [
          { x: 1, y: 1, isDefault: true },
          { x: 1, y: 1, isDefault: true },
        ],
        'Pixel (1, 1) is listed twice',
      ],
      // the short form a person may type is the web form's business; no server takes it
      [[{ x: 1, y: 1, color: '#abc', isDefault: false }], 'Pixel (1, 1) needs a colour like #RRGGBB'],
      [[{ x: 1, y: 1, color: 'aabbcc', isDefault: false }], 'Pixel (1, 1) needs a colour like #RRGGBB'],
    ] as const)
      expect(await refusal(reserve([...pixels])), message).toEqual({
        code: 'VALIDATION_ERROR',
        field: 'pixels',
        message,
      });
    // a wire colour in any case is stored upper case
    const ok = await reserve([{ x: 2, y: 2, color: '#a1b2c3', isDefault: false }]);
    expect(ok.pixels[0]?.color).toBe('#A1B2C3');
  });

  it('takes the user ids identity issues and nothing else', async () => {
    expect(await refusal(reserve([{ x: 3, y: 3, isDefault: true }], ''))).toEqual({
      code: 'MISSING_FIELD',
      field: 'user_id',
      message: 'user_id is required',
    });
    expect(await refusal(h.client.getUserPixelCount({ userId: 'a:b', canvasIndex: c }))).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'user_id',
      message: 'user_id is not a valid user id',
    });
    expect(
      (await h.client.getUserPixelCount({ userId: '0b6c3f5e-2f67-4c8e-9d4a-3b1f2a9c7d10', canvasIndex: c }))
        .pixelCount,
    ).toBe(0);
  });

  it("checks a late commit's pixels like a reservation's: a pixel listed twice never sells twice", async () => {
    expect(
      await refusal(
        h.client.commitOrder({
          orderId: 'pi_twice',
          canvasIndex: c,
          boardIndex: 0,
          userId: 'u1',
          // the same pixel, twice
          pixels: Array.from({ length: 2 }, () => ({ x: 0, y: 0, color: '#123456' })),
        }),
      ),
    ).toEqual({ code: 'VALIDATION_ERROR', field: 'pixels', message: 'Pixel (0, 0) is listed twice' });
    expect((await h.core.deps.boards.get(c, 0))?.soldCount).toBe(0);
  });
});
