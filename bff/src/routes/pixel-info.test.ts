import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { AccountResponse } from '@tessera/api/account';
import { OwnPixelsResponse, PixelInfoResponse } from '@tessera/api/pixels';
import { createInProcessBus } from '@tessera/embedded';
import { canvasClientOf, startCanvasStack, type CanvasStack } from '@tessera/renderer/testing';
import { UserSchema } from '@tessera/proto/tessera/identity/v1/identity_pb.js';
import { startBff, type RunningBff } from '../auth/test/app.js';
import { Browser } from '../auth/test/browser.js';
import { startIdentityDouble, type IdentityDouble } from '../auth/test/identity-double.js';

const bus = createInProcessBus();
let stack: CanvasStack;
let identity: IdentityDouble;
let bff: RunningBff;
let c: number;

beforeAll(async () => {
  stack = await startCanvasStack({ bus });
  identity = await startIdentityDouble();
  identity.users.set('u2', create(UserSchema, { id: 'u2', username: 'grace', email: 'grace@example.com' }));
  bff = await startBff(
    { canvas: stack.canvasUrl, renderer: stack.rendererUrl, identity: identity.url },
    { deps: { bus } },
  );
  c = stack.canvasIndex;
  const canvas = canvasClientOf(stack.canvasCore);
  // board 26 (row 1, column 1) starts at canvas pixel (49, 49)
  await canvas.reservePixels({
    orderId: 'o-a',
    userId: 'u1',
    canvasIndex: c,
    boardIndex: 26,
    fencingToken: 1,
    pixels: [
      { x: 1, y: 2, isDefault: true },
      { x: 3, y: 4, color: '#123ABC', isDefault: false },
    ],
  });
  await canvas.commitOrder({ orderId: 'o-a', canvasIndex: c, boardIndex: 26 });
  await canvas.commitOrder({
    orderId: 'o-b',
    canvasIndex: c,
    boardIndex: 0,
    userId: 'u2',
    pixels: [{ x: 5, y: 6, color: '#00FF00' }],
  });
}, 60_000);

afterAll(async () => {
  await bff.close();
  await identity.close();
  await stack.close();
  await bus.close();
});

interface PixelBody {
  success: boolean;
  data: Record<string, unknown> & { sold_at: string; buyer: { username: string | null } };
}

const get = async (path: string) => {
  const res = await fetch(`${bff.base}${path}`);
  return { status: res.status, headers: res.headers, body: (await res.json()) as PixelBody };
};

describe('GET /api/pixels/canvas/{c}/pixel', () => {
  it('names the buyer by username, with the sale time and the kind; never an id or an e-mail', async () => {
    const res = await get(`/api/pixels/canvas/${c}/pixel?x=52&y=53`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // parse keeps only the contract's fields: equal means no field missing, renamed or added
    expect(PixelInfoResponse.parse(res.body)).toEqual(res.body);
    expect(res.body).toEqual({
      success: true,
      data: {
        x: 52,
        y: 53,
        board_index: 26,
        color: '#123ABC',
        default_color: expect.stringMatching(/^#[0-9A-F]{6}$/),
        sold: true,
        buyer: { username: 'ada', anonymous: false },
        sold_at: expect.any(String),
        kind: 'custom',
        kind_recorded: true,
        reset: false,
      },
    });
    expect(Date.now() - Date.parse(res.body.data.sold_at)).toBeLessThan(10 * 60_000);
    expect(JSON.stringify(res.body)).not.toMatch(/u1|example\.com/);
    const artist = await get(`/api/pixels/canvas/${c}/pixel?x=50&y=51`);
    expect(artist.body.data).toMatchObject({ kind: 'artist', buyer: { username: 'ada' } });
  });

  it('answers an unsold pixel with no buyer', async () => {
    const res = await get(`/api/pixels/canvas/${c}/pixel?x=0&y=0`);
    expect(PixelInfoResponse.parse(res.body)).toEqual(res.body);
    expect(res.body.data).toMatchObject({ sold: false, buyer: null, sold_at: null, kind: null });
  });

  it('says "anonymous" (and no username) for a buyer who chose so', async () => {
    identity.users.get('u2')!.pixelsAnonymous = true;
    try {
      const res = await get(`/api/pixels/canvas/${c}/pixel?x=5&y=6`);
      expect(res.body.data.buyer).toEqual({ username: null, anonymous: true });
      expect(JSON.stringify(res.body)).not.toContain('grace');
    } finally {
      identity.users.get('u2')!.pixelsAnonymous = false;
    }
  });

  it.each([
    ['', 'x', 'MISSING_FIELD'],
    ['?x=1', 'y', 'MISSING_FIELD'],
    ['?x=1225&y=0', 'x', 'VALIDATION_ERROR'],
    ['?x=-1&y=0', 'x', 'VALIDATION_ERROR'],
    ['?x=1&y=1.5', 'y', 'VALIDATION_ERROR'],
    ['?x=1&x=2&y=0', 'x', 'VALIDATION_ERROR'],
  ])('refuses bad coordinates %s with 400 and the error body', async (query, field, code) => {
    const res = await get(`/api/pixels/canvas/${c}/pixel${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: code, statusCode: 400, field });
  });

  it('answers 404 for an unknown canvas', async () => {
    expect((await get(`/api/pixels/canvas/${c + 40}/pixel?x=1&y=1`)).status).toBe(404);
  });
});

describe('GET /api/pixels/canvas/{c}/mine', () => {
  it("answers the signed-in caller's own pixels only, canvas-wide, and needs sign-in", async () => {
    expect((await get(`/api/pixels/canvas/${c}/mine`)).status).toBe(401);
    const b = new Browser(bff.base);
    const mine = await b.request('GET', `/api/pixels/canvas/${c}/mine`, {
      bearer: await identity.sign('u1'),
    });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(OwnPixelsResponse.parse(mine.body)).toEqual(mine.body);
    expect(mine.body).toEqual({
      success: true,
      data: {
        pixels: [
          [50, 51],
          [52, 53],
        ],
      },
    });
    const theirs = await b.request('GET', `/api/pixels/canvas/${c}/mine`, {
      bearer: await identity.sign('u2'),
    });
    expect(theirs.body).toEqual({ success: true, data: { pixels: [[5, 6]] } });
  });
});

describe('/api/account', () => {
  it('shows the user their username, e-mail and choice, and keeps a new choice', async () => {
    const b = new Browser(bff.base);
    const bearer = await identity.sign('u2');
    expect((await get('/api/account')).status).toBe(401);
    const before = await b.request('GET', '/api/account', { bearer });
    // parse keeps only the contract's fields: equal means no field missing, renamed or added
    expect(AccountResponse.parse(before.body)).toEqual(before.body);
    expect(before.body).toEqual({
      success: true,
      data: { username: 'grace', email: 'grace@example.com', show_username_on_pixels: true },
    });
    const set = await b.request('PUT', '/api/account/pixel-privacy', {
      bearer,
      body: { show_username_on_pixels: false },
    });
    expect(set.status).toBe(200);
    expect(AccountResponse.parse(set.body)).toEqual(set.body);
    expect(set.body.data).toMatchObject({ show_username_on_pixels: false });
    expect((await get(`/api/pixels/canvas/${c}/pixel?x=5&y=6`)).body.data.buyer).toEqual({
      username: null,
      anonymous: true,
    });
    await b.request('PUT', '/api/account/pixel-privacy', { bearer, body: { show_username_on_pixels: true } });
    expect((await get(`/api/pixels/canvas/${c}/pixel?x=5&y=6`)).body.data.buyer.username).toBe('grace');
  });

  it.each([
    [{}, 'MISSING_FIELD', 'show_username_on_pixels'],
    [{ show_username_on_pixels: 'no' }, 'VALIDATION_ERROR', 'show_username_on_pixels'],
    [{ show_username_on_pixels: true, email: 'x' }, 'VALIDATION_ERROR', 'email'],
  ])('refuses a bad choice %j with 400', async (body, code, field) => {
    const b = new Browser(bff.base);
    const res = await b.request('PUT', '/api/account/pixel-privacy', {
      bearer: await identity.sign('u2'),
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: code, field });
  });
});
