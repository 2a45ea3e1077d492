import { describe, expect, it } from 'vitest';
import { createHarness, json, routes } from '../../api/client.fixture.js';
import {
  findRandomAvailablePixel,
  pixelFoundMessage,
  pixelSearchErrorMessage,
  renderUrl,
  toAvailablePixel,
} from './canvas-api.js';
import { AuthStore } from '../../auth/auth-store.js';

describe('renderUrl', () => {
  it('asks for webp at scale 1, quality 95, no grid, with the mode and a timestamp', () => {
    expect(renderUrl(3, 'live', 1700)).toBe(
      '/api/canvas-composite/canvas/3/render?format=webp&scale=1&quality=95&grid=false&preview=false&t=1700',
    );
    expect(renderUrl(0, 'preview', 5)).toContain('preview=true&t=5');
  });
});

describe('random available pixel', () => {
  const signedIn = () => {
    const auth = new AuthStore();
    auth.setSession({ accessToken: 'tok', expiresIn: 900 });
    return auth;
  };

  it('maps the result', async () => {
    const h = createHarness(
      routes({
        'GET /pixels/available/random': [
          json(200, {
            success: true,
            data: { board_index: 51, x: 3, y: 4, current_color: '#111111', default_color: '#222222' },
            message: 'ok',
          }),
        ],
      }),
      { auth: signedIn() },
    );
    await expect(findRandomAvailablePixel(h.client, 2)).resolves.toEqual({
      boardIndex: 51,
      x: 3,
      y: 4,
      currentColor: '#111111',
      defaultColor: '#222222',
    });
    expect(h.calls[0]?.path).toBe('/pixels/available/random?canvas_index=2');
    expect(h.calls[0]?.headers.authorization).toBe('Bearer tok');
    expect(pixelFoundMessage({ x: 3, y: 4 })).toBe('Perfect spot found at 3,4!');
  });

  it('says "No available pixels found" for an empty answer', async () => {
    const h = createHarness(routes({ 'GET /pixels/available/random': [json(200, { success: false })] }), {
      auth: signedIn(),
    });
    const error = await findRandomAvailablePixel(h.client, 2).catch((e: unknown) => e);
    expect(pixelSearchErrorMessage(error)).toBe('No available pixels found');
  });

  it.each([
    [404, 'No pixels available'],
    [400, 'Invalid request'],
    [500, 'Server error'],
    [418, 'Search failed'],
  ])('maps HTTP %i to "%s"', async (status, message) => {
    const h = createHarness(routes({ 'GET /pixels/available/random': [json(status, { success: false })] }), {
      auth: signedIn(),
    });
    const error = await findRandomAvailablePixel(h.client, 2).catch((e: unknown) => e);
    expect(pixelSearchErrorMessage(error)).toBe(message);
  });

  it('rejects out-of-range data', () => {
    expect(toAvailablePixel({ success: true, data: { board_index: 700, x: 1, y: 1 } })).toBeNull();
    expect(toAvailablePixel({ success: true, data: { board_index: 7, x: 49, y: 1 } })).toBeNull();
  });
});
