/**
 * The iteration end to end: a test canvas with all but 3 pixels sold, the last 3 bought through the
 * purchase flow (BFF routes, the real payment service on the sandbox provider: intent, pay, save),
 * `tessera.canvas.soldout` fires, the submission side promotes the top-voted submission (the real
 * renderer rasterises its image, the real canvas service creates and activates the canvas), and the
 * new canvas's sampled default colours match the image; the open event stream switches canvas. Then
 * the new canvas sells out with no submission left: the gallery keeps it and says so.
 *
 * Seeding (test-only): `sellAllBut` of the canvas test harness (services/canvas/src/test/harness.ts)
 * writes the sold pixels straight into the canvas store, one conditional replace per board, as the
 * sell-out and random-pixel tests do; only the last pixels go through the purchase flow.
 * The submission side is a double by the contract (fake-submission.ts): the lead switches this test to
 * the real submission service after the merge with the `subm` branch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { boardPixelAt, CANVAS_SIZE } from '@tessera/facts/grid';
import { SUBJECTS } from '@tessera/facts/subjects';
import { createPeerClient, startRpcServer, type BusMessage, type RpcServer } from '@tessera/kit';
import { eventually, testLogger, uniquePrefix } from '@tessera/kit/testing';
import { sellAllBut } from '@tessera/canvas/testing';
import { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { routes as rendererRoutes, SERVICES as RENDERER } from '../../services/renderer/src/routes.js';
import { startRenderer } from '../../services/renderer/src/setup.js';
import { SseClient } from '../../bff/src/canvas/test/sse-client.js';
import { startPaymentStack, type PaymentStack } from '../payment/stack.js';
import { runCli } from '../../ops/src/cli.js';
import { startFakeSubmission, type FakeSubmission } from './fake-submission.js';
import type { Client as Http } from '../bad-input/http.js';

type Rgb = [number, number, number];
const RED: Rgb = [230, 20, 30];
const BLUE: Rgb = [20, 40, 220];
const YELLOW: Rgb = [250, 210, 20];
const WHITE: Rgb = [255, 255, 255];
const LAST = [
  [20, 1, 1],
  [20, 2, 1],
  [20, 3, 1],
] as const;

let s: PaymentStack;
let renderer: { close(): Promise<void> };
let rendererServer: RpcServer;
let submissions: FakeSubmission;
let http: Http;
let auth: Record<string, string>;
let winnerPng: Buffer;
const events: BusMessage[] = [];

/** 800 x 400: red left half, blue right half, a yellow 100 x 100 square in the middle. */
function artwork(x: number, y: number): Rgb {
  if (x >= 350 && x < 450 && y >= 150 && y < 250) return YELLOW;
  return x < 400 ? RED : BLUE;
}

async function png(w: number, h: number, color: (x: number, y: number) => Rgb): Promise<Buffer> {
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) raw.set(color(x, y), (y * w + x) * 3);
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .png()
    .toBuffer();
}

beforeAll(async () => {
  s = await startPaymentStack();
  ({ http, auth } = await s.browser('last-buyer'));
  await s.h.bus.subscribe({ subjects: ['tessera.canvas.>'], handler: (m) => void events.push(m) });
  const logger = testLogger('renderer');
  const r = await startRenderer({
    canvas: createPeerClient(CanvasService, s.canvasServer.url),
    bus: s.h.bus,
    logger,
    durable: uniquePrefix('renderer'),
    warmDelayMs: -1,
    prebuild: false,
  });
  renderer = r;
  rendererServer = await startRpcServer({
    name: 'renderer',
    host: '127.0.0.1',
    port: 0,
    logger,
    routes: rendererRoutes(r.core),
    services: RENDERER,
  });
  winnerPng = await png(800, 400, artwork);
  submissions = await startFakeSubmission({
    bus: s.h.bus,
    canvasUrl: s.canvasServer.url,
    rendererUrl: rendererServer.url,
    submissions: [
      {
        id: 'sub-low',
        title: 'Grey Study',
        description: 'Quiet.',
        username: 'li',
        netScore: 1,
        image: await png(60, 60, () => [128, 128, 128]),
      },
      {
        id: 'sub-win',
        title: 'Red Sea, Blue Sky',
        description: 'The community voted it in.',
        username: 'ada',
        netScore: 7,
        image: winnerPng,
      },
    ],
  });
  // the test canvas (the stack's active one): every pixel sold but the last three
  await sellAllBut(s.h.canvasCore, s.h.canvasIndex, LAST);
}, 120_000);

afterAll(async () => {
  await submissions?.close();
  await rendererServer?.close(100);
  await renderer?.close();
  await s?.close();
});

const json = (r: { json: unknown }) => r.json as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const active = async () => json(await http.get('/api/canvases/active')).data[0] as Record<string, unknown>;

/** The default colour stored for canvas pixel (cx, cy) of canvas `c`, read through the canvas service. */
async function defaultAt(c: number, cx: number, cy: number): Promise<Rgb> {
  const where = boardPixelAt(cx, cy)!;
  const canvas = createPeerClient(CanvasService, s.canvasServer.url);
  const { board } = await canvas.getBoard({ canvasIndex: c, boardIndex: where.boardIndex });
  const o = (where.y * 49 + where.x) * 3;
  return [...board!.defaultColors.subarray(o, o + 3)] as Rgb;
}

describe('a sold-out canvas hands over to the top-voted submission', () => {
  it('sells the last pixels through the purchase flow, and the winner becomes the active canvas with its image', async () => {
    const old = s.h.canvasIndex;
    expect(await active()).toMatchObject({ canvas_index: old, sold_out: false });
    const stream = await SseClient.open(`${s.bff.base}/api/events`);
    expect(stream.status).toBe(200);

    // the last three pixels: intent (2 in the artist's colour, 1 custom: 400 + fee 42 + tax 32), pay, save
    const created = await http.post(
      '/api/payments/create-payment-intent',
      {
        amount: 474,
        currency: 'usd',
        billingAddress: null,
        canvasIndex: old,
        boardIndex: 20,
        pixels: [
          { x: 1, y: 1, isDefault: true },
          { x: 2, y: 1, isDefault: true },
          { x: 3, y: 1, color: '#00AA00', isDefault: false },
        ],
      },
      auth,
    );
    expect(created.status).toBe(201);
    const { paymentIntentId, clientSecret } = json(created);
    const paid = await http.post(
      '/api/payments/sandbox/confirm',
      { clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
      auth,
    );
    expect(json(paid)).toMatchObject({ success: true, paymentIntent: { status: 'succeeded' } });
    const save = (kind: 'batch-reset' | 'batch-update', pixels: unknown[], type: string) =>
      http.post(
        `/api/pixels/canvas/${old}/board/20/${kind}`,
        { pixels, purchaseInfo: { payment_intent_id: paymentIntentId, purchase_type: type } },
        auth,
      );
    const saved = await save(
      'batch-reset',
      [
        { x: 1, y: 1 },
        { x: 2, y: 1 },
      ],
      'default',
    );
    expect(json(saved)).toMatchObject({ success: true });
    expect(json(await save('batch-update', [{ x: 3, y: 1, color: '#00AA00' }], 'custom'))).toMatchObject({
      success: true,
    });

    // sold out, once; the hand-over makes the winner the active canvas
    await eventually(() => events.some((e) => e.subject === SUBJECTS.canvasSoldOut), 10_000);
    const started = Date.now();
    const handOver = await eventually(
      () => submissions.handOvers.find((h) => h.soldOutCanvas === old),
      60_000,
    );
    console.log(
      `sold out -> next canvas active in ${Date.now() - started} ms (rasterise + create 625 boards)`,
    );
    expect(handOver.promoted).toBe('sub-win');
    const next = handOver.canvasIndex!;
    expect(next).not.toBe(old);
    expect(await active()).toEqual({
      canvas_index: next,
      name: 'Red Sea, Blue Sky',
      description: 'The community voted it in.',
      is_active: true,
      sold_out: false,
    });
    expect(submissions.active.map((e) => e.id)).toEqual(['sub-low']); // the winner left the vote
    expect(events.filter((e) => e.subject === SUBJECTS.canvasSoldOut)).toHaveLength(1);

    // open browsers hear of both
    expect(JSON.parse((await stream.waitFor((e) => e.event === 'canvas:soldout', 10_000)).data)).toEqual({
      canvasIndex: old,
    });
    const switched = await stream.waitFor((e) => e.event === 'canvas:activated', 10_000);
    expect(JSON.parse(switched.data)).toEqual({
      canvasIndex: next,
      name: 'Red Sea, Blue Sky',
      previousCanvasIndex: old,
    });
    stream.close();

    // sampled default colours of the new canvas are the image's: 800 x 400 contained in 1225 x 1225,
    // scale 1.53125 -> 1225 x 613 from row 306, white above and below
    const scale = CANVAS_SIZE / 800;
    const top = 306;
    const samples: [number, number][] = [
      [100, 612],
      [1100, 612],
      [612, 612],
      [560, 560],
      [300, 330],
      [1200, 900],
      [5, 320],
      [1219, 910],
    ];
    for (const [cx, cy] of samples) {
      const want = artwork(Math.floor(cx / scale), Math.floor((cy - top) / scale));
      const got = await defaultAt(next, cx, cy);
      expect(
        Math.max(...got.map((v, i) => Math.abs(v - want[i]!))),
        `(${cx}, ${cy}): ${got} vs ${want}`,
      ).toBeLessThanOrEqual(2);
    }
    for (const [cx, cy] of [
      [612, 0],
      [612, 305],
      [40, 920],
      [612, 1224],
    ] as const)
      expect(await defaultAt(next, cx, cy), `(${cx}, ${cy})`).toEqual(WHITE);
    // the public board route shows the same default colours
    const where = boardPixelAt(612, 612)!;
    const board = json(await http.get(`/api/pixels/canvas/${next}/board/${where.boardIndex}`)).data as {
      x: number;
      y: number;
      default_color: string;
      user_id: string | null;
    }[];
    const px = board.find((p) => p.x === where.x && p.y === where.y)!;
    expect(px).toMatchObject({ default_color: '#FAD214', user_id: null });

    // the sold-out canvas stays readable
    const canvas = createPeerClient(CanvasService, s.canvasServer.url);
    expect((await canvas.getCanvas({ canvasIndex: old })).canvas).toMatchObject({
      soldOut: true,
      isActive: false,
    });
  }, 120_000);

  it('promoting the same submission again (operator CLI) makes no second canvas', async () => {
    const before = (await createPeerClient(CanvasService, s.canvasServer.url).listCanvases({})).canvases
      .length;
    submissions.active.push({
      id: 'sub-win',
      title: 'Red Sea, Blue Sky',
      description: 'The community voted it in.',
      username: 'ada',
      netScore: 7,
      image: winnerPng,
    });
    const out: string[] = [];
    const code = await runCli(['promote', 'sub-win', '--operator', 'maria'], {
      env: { SUBMISSION_URL: submissions.url },
      out: (t) => out.push(t),
      err: (t) => out.push(t),
    });
    expect(code).toBe(0);
    const next = submissions.handOvers[0]!.canvasIndex!;
    expect(out.join('\n')).toContain(`canvas ${next} is now the active canvas`);
    expect(
      (await createPeerClient(CanvasService, s.canvasServer.url).listCanvases({})).canvases,
    ).toHaveLength(before);
  }, 60_000);

  it('keeps a sold-out canvas when no submission is left, and says so', async () => {
    submissions.active.splice(0);
    const c = submissions.handOvers[0]!.canvasIndex!;
    await sellAllBut(s.h.canvasCore, c, [[0, 0, 0]]);
    const stream = await SseClient.open(`${s.bff.base}/api/events`);
    await createPeerClient(CanvasService, s.canvasServer.url).commitOrder({
      orderId: 'the-very-last',
      canvasIndex: c,
      boardIndex: 0,
      userId: 'u',
      pixels: [{ x: 0, y: 0, color: '#123456' }],
    });
    const kept = await eventually(() => submissions.handOvers.find((h) => h.soldOutCanvas === c), 30_000);
    expect(kept).toEqual({ soldOutCanvas: c, promoted: null, canvasIndex: null });
    expect(await active()).toMatchObject({ canvas_index: c, sold_out: true });
    expect(JSON.parse((await stream.waitFor((e) => e.event === 'canvas:soldout', 10_000)).data)).toEqual({
      canvasIndex: c,
    });
    stream.close();
  }, 120_000);
});
