// The operator CLI against real servers on port 0: the canvas and payment services (sandbox provider),
// and the real submission service (embedded stores) with the real renderer and canvas service as its
// peers, so `promote` and `remove-submission` run the real hand-over and removal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeerClient, startRpcServer, type RpcServer } from '@tessera/kit';
import { hexToRgb } from '@tessera/facts/colour';
import { testLogger } from '@tessera/kit/testing';
import { canvasRoutes, sellAllBut } from '@tessera/canvas/testing';
import { startPaymentHarness, type PaymentHarness } from '@tessera/payment/testing';
import { startRendererServer } from '@tessera/renderer/testing';
import {
  pngOf,
  startHarness as startSubmission,
  uploadAs,
  type Harness as SubmissionHarness,
} from '@tessera/submission/testing';
import { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { RendererService } from '@tessera/proto/tessera/renderer/v1/renderer_pb.js';
import { runCli } from './cli.js';

let h: PaymentHarness;
const servers: RpcServer[] = [];
let env: Record<string, string>;
let soldOutIndex = 0;
let renderer: Awaited<ReturnType<typeof startRendererServer>>;
let sub: SubmissionHarness;
/** The submissions in the vote: ids by title. */
const art: Record<string, string> = {};

async function ops(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, { env, out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function serve(name: string, routes: Parameters<typeof startRpcServer>[0]['routes']): Promise<string> {
  const server = await startRpcServer({ name, host: '127.0.0.1', port: 0, logger: testLogger(name), routes });
  servers.push(server);
  return server.url;
}

beforeAll(async () => {
  h = await startPaymentHarness();
  // a paid order of 2 artist pixels and 1 custom pixel on board 7: 400 + fee 42 + tax 32 = 474 cents
  const { intent } = await h.client.createPaymentIntent({
    userId: 'buyer',
    canvasIndex: h.canvasIndex,
    boardIndex: 7,
    pixels: [
      { x: 1, y: 1, isDefault: true },
      { x: 2, y: 1, isDefault: true },
      { x: 3, y: 1, color: '#FF0000', isDefault: false },
    ],
    claimedAmountCents: 474,
    currency: 'usd',
  });
  await h.client.confirmSandboxPayment({
    userId: 'buyer',
    clientSecret: intent!.clientSecret,
    cardNumber: '4242424242424242',
    expMonth: 12,
    expYear: 2099,
    cvc: '123',
  });
  await h.client.commitOrder({ userId: 'buyer', intentId: intent!.id });
  // an earlier canvas, sold out
  soldOutIndex = (
    await h.canvasCore.createCanvas({
      name: 'Old Harbour',
      description: '',
      colorsOf: () => 'ABCDEF'.repeat(2401),
      activate: false,
    })
  ).canvasIndex;
  await sellAllBut(h.canvasCore, soldOutIndex, []);
  const canvasUrl = await serve('canvas', canvasRoutes(h.canvasCore));
  const paymentUrl = await serve('payment', (r) => h.payment.routes(r));
  renderer = await startRendererServer({ canvasUrl, bus: h.bus });
  sub = await startSubmission({
    bus: h.bus,
    consumers: false,
    canvasClient: createPeerClient(CanvasService, canvasUrl),
    rendererClient: createPeerClient(RendererService, renderer.url, { timeoutMs: 60_000 }),
  });
  const submissionUrl = sub.server.url;
  // three artworks in one colour each; the votes, not the order, make "Northern Meadow" the top one
  for (const [user, title, rgb] of [
    ['ada', 'Northern Meadow', { r: 60, g: 150, b: 70 }],
    ['li', 'Harbour at Night', { r: 20, g: 30, b: 90 }],
    ['grace', 'Late Bloom', { r: 230, g: 120, b: 170 }],
  ] as const) {
    const imageUrl = await uploadAs(sub, user, await pngOf(12, 12, rgb));
    const { submission } = await sub.rpc.createSubmission({
      userId: user,
      username: user,
      title,
      description: `${title}, in one colour.`,
      imageUrl,
    });
    art[title] = submission!.id;
  }
  for (const voter of ['v1', 'v2'])
    await sub.rpc.vote({ userId: voter, submissionId: art['Northern Meadow']!, voteType: 1 });
  await sub.rpc.vote({ userId: 'v3', submissionId: art['Late Bloom']!, voteType: 1 });
  env = { CANVAS_URL: canvasUrl, PAYMENT_URL: paymentUrl, SUBMISSION_URL: submissionUrl, USER: 'maria' };
}, 60_000);

afterAll(async () => {
  await sub?.close();
  await renderer?.close();
  for (const s of servers) await s.close(100);
  await h?.close();
});

/** The default colour of a pixel in the middle of canvas `c` (board 312, pixel 24,24). */
async function middleColour(c: number): Promise<number[]> {
  const board = (await h.canvasCore.deps.boards.get(c, 312))!;
  const o = 24 * 49 + 24;
  return [...hexToRgb(`#${board.defaultColors.slice(o * 6, o * 6 + 6)}`)];
}

describe('npm run ops', () => {
  it('prints the usage with --help, and refuses an unknown command or flag with exit 2', async () => {
    const help = await ops('--help');
    expect(help.code).toBe(0);
    expect(help.out).toContain(
      'reset-pixels --canvas N --board B --pixels x,y[;x,y...] --reason "..." --operator NAME',
    );
    expect((await ops()).code).toBe(2);
    const unknown = await ops('sell-everything');
    expect(unknown).toMatchObject({ code: 2 });
    expect(unknown.err).toContain("unknown command 'sell-everything'");
    const flag = await ops('canvases', '--colour', 'red');
    expect(flag.code).toBe(2);
    expect(flag.err).toMatch(/Unknown option '--colour'/);
  });

  it('lists the canvases with their sales', async () => {
    const { code, out } = await ops('canvases');
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^index\s+name\s+active\s+sold pixels\s+sold\s+sold out$/);
    expect(lines.find((l) => l.includes('payment test'))).toMatch(/active\s+3 \/ 1,500,625\s+0\.00%\s+no$/);
    expect(lines.find((l) => l.includes('Old Harbour'))).toMatch(/1,500,625 \/ 1,500,625\s+100\.00%\s+yes$/);
    expect(out).toContain(`Active: canvas ${h.canvasIndex} "payment test".`);
  });

  it('shows the 70/30 ledger per canvas, with totals', async () => {
    const one = await ops('ledger', '--canvas', String(h.canvasIndex));
    expect(one.code).toBe(0);
    const row = one.out.split('\n')[2]!;
    expect(row.trim().split(/\s{2,}/)).toEqual([
      String(h.canvasIndex),
      '1',
      '$4.74',
      '$2.80',
      '$1.20',
      '$0.42',
      '$0.32',
    ]);
    const all = await ops('ledger');
    expect(all.code).toBe(0);
    expect(
      all.out
        .split('\n')
        .find((l) => l.trim().startsWith('total'))
        ?.trim()
        .split(/\s{2,}/),
    ).toEqual(['total', '1', '$4.74', '$2.80', '$1.20', '$0.42', '$0.32']);
    expect((await ops('ledger', '--canvas', 'x')).code).toBe(2);
  });

  it('resets purchased pixels to the artist colour, audited; refuses the unsold one and says so', async () => {
    const c = String(h.canvasIndex);
    const args = [
      'reset-pixels',
      '--canvas',
      c,
      '--board',
      '7',
      '--reason',
      'hateful message',
      '--operator',
      'maria',
    ];
    const res = await ops(...args, '--pixels', '3,1; 1,1;10,10');
    expect(res.code).toBe(1);
    const rows = res.out.split('\n');
    expect(rows[0]).toBe(`Canvas ${c}, board 7: 3 pixel(s), reason "hateful message", operator maria`);
    expect(rows.find((l) => /^\s*3\s+1\s+reset\s+#FF0000\s+buyer\s+#/.test(l))).toBeDefined();
    expect(rows.find((l) => /^\s*1\s+1\s+reset\s+#[0-9A-F]{6}\s+buyer\s+#/.test(l))).toBeDefined();
    expect(res.out).toContain(
      'refused: Pixel (10, 10) of board 7 is not sold; only a purchased pixel can be reset',
    );
    expect(res.out).toContain('1 of 3 pixel(s) refused.');
    const board = (await h.canvasCore.deps.boards.get(h.canvasIndex, 7))!;
    const at = (x: number, y: number) => board.currentColors.slice((y * 49 + x) * 6, (y * 49 + x) * 6 + 6);
    expect(at(3, 1)).toBe(board.defaultColors.slice((49 + 3) * 6, (49 + 4) * 6));
    expect(board.owners[49 + 3]).toBe('buyer');
    expect(board.resets?.map((r) => [r.x, r.y, r.operator, r.reason])).toEqual([
      [3, 1, 'maria', 'hateful message'],
      [1, 1, 'maria', 'hateful message'],
    ]);
    // again: nothing changes, and it says who reset them
    const again = await ops(...args, '--pixels', '3,1');
    expect(again.code).toBe(0);
    expect(again.out).toContain('already reset by maria');
  });

  it('refuses a bad reset command before calling anything', async () => {
    const base = ['reset-pixels', '--canvas', String(h.canvasIndex), '--board', '7', '--reason', 'spam text'];
    const cases: [string[], RegExp][] = [
      [[...base, '--operator', 'li', '--pixels', '2,1;49,0'], /'49,0' is not a pixel/],
      [[...base, '--operator', 'li', '--pixels', 'a,b'], /'a,b' is not a pixel/],
      [[...base, '--pixels', '2,1'], /--operator is required/],
      [
        [
          'reset-pixels',
          '--canvas',
          '1',
          '--board',
          '625',
          '--pixels',
          '2,1',
          '--reason',
          'abc',
          '--operator',
          'li',
        ],
        /--board must be an integer from 0 to 624/,
      ],
      [
        ['reset-pixels', '--board', '7', '--pixels', '2,1', '--reason', 'abc', '--operator', 'li'],
        /--canvas is required/,
      ],
      [[...base.slice(0, 5), '--operator', 'li', '--pixels', '2,1'], /--reason is required/],
    ];
    for (const [argv, message] of cases) {
      const r = await ops(...argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
    }
    // (2, 1) was listed in the refused commands: it is still the buyer's colour
    const board = (await h.canvasCore.deps.boards.get(h.canvasIndex, 7))!;
    expect(board.resets?.some((r) => r.x === 2)).toBe(false);
  });

  it('promotes the top-voted submission or a given one, as the operator, through the real hand-over', async () => {
    const first = (await h.canvasCore.deps.canvases.highestIndex()) + 1;
    const top = await ops('promote');
    expect(top.code, top.err).toBe(0);
    expect(top.out).toBe(
      `Promoted submission ${art['Northern Meadow']} "Northern Meadow" by @ada (net score 2): ` +
        `canvas ${first} is now the active canvas.`,
    );
    // the real renderer rasterised the image: a square artwork covers the whole canvas
    const [r, g, b] = await middleColour(first);
    expect(Math.max(Math.abs(r! - 60), Math.abs(g! - 150), Math.abs(b! - 70))).toBeLessThanOrEqual(2);
    expect(await sub.core.deps.submissions.raw(art['Northern Meadow']!)).toMatchObject({
      status: 'featured',
      featuredCanvasIndex: first,
      endedBy: 'maria',
    });
    expect((await ops('canvases')).out).toContain(`Active: canvas ${first} "Northern Meadow".`);

    const named = await ops('promote', art['Harbour at Night']!, '--operator', 'li');
    expect(named.code, named.err).toBe(0);
    expect(named.out).toContain(`"Harbour at Night" by @li (net score 0): canvas ${first + 1} is now`);
    expect(await sub.core.deps.submissions.raw(art['Harbour at Night']!)).toMatchObject({
      status: 'featured',
      endedBy: 'li',
    });
    const [r2, g2, b2] = await middleColour(first + 1);
    expect(Math.max(Math.abs(r2! - 20), Math.abs(g2! - 30), Math.abs(b2! - 90))).toBeLessThanOrEqual(2);
    expect((await ops('canvases')).out).toContain(`Active: canvas ${first + 1} "Harbour at Night".`);

    // a featured submission left the vote: promoting it again is refused and makes no canvas
    const again = await ops('promote', art['Northern Meadow']!, '--operator', 'li');
    expect(again).toMatchObject({ code: 1, err: 'error: promote: Submission not found. (NotFound)' });
    expect(await h.canvasCore.deps.canvases.highestIndex()).toBe(first + 1);
  }, 60_000);

  it('removes a submission with a reason; then nothing is left to promote', async () => {
    const id = art['Late Bloom']!;
    expect((await ops('remove-submission', id)).err).toMatch(/--reason is required/);
    const ok = await ops('remove-submission', id, '--reason', 'stolen artwork');
    expect(ok).toMatchObject({ code: 0, out: `Removed submission ${id}.` });
    expect(await sub.core.deps.submissions.raw(id)).toMatchObject({
      status: 'removed',
      endedBy: 'operator:maria',
      endReason: 'stolen artwork',
    });
    expect((await ops('remove-submission', id, '--reason', 'stolen artwork')).out).toBe(
      `Submission ${id} was already removed.`,
    );
    const missing = await ops('remove-submission', 'no-such-submission', '--reason', 'typo');
    expect(missing).toMatchObject({
      code: 1,
      err: 'error: remove-submission: Submission not found. (NotFound)',
    });
    const none = await ops('promote');
    expect(none).toMatchObject({
      code: 1,
      err: 'error: promote: There is no active submission to promote. (NotFound)',
    });
  }, 30_000);

  it('says which service did not answer, and refuses a bad service URL', async () => {
    const closed = await startRpcServer({
      name: 'gone',
      host: '127.0.0.1',
      port: 0,
      logger: testLogger('gone'),
      routes: () => undefined,
    });
    const url = closed.url;
    await closed.close(0);
    const saved = env;
    try {
      env = { ...saved, CANVAS_URL: url };
      const down = await ops('canvases');
      expect(down.code).toBe(1);
      expect(down.err).toContain(`error: canvases: the canvas service at ${url} did not answer`);
      expect(down.err).toContain('Is Tessera running (npm start)');
      env = { ...saved, PAYMENT_URL: 'ftp://example' };
      const bad = await ops('ledger');
      expect(bad.code).toBe(2);
      expect(bad.err).toMatch(/PAYMENT_URL must use http or https/);
      // the services refuse deadlines over 60 s: a longer one is refused before any call
      env = { ...saved, RPC_TIMEOUT_MS: '90000' };
      const long = await ops('canvases');
      expect(long.code).toBe(2);
      expect(long.err).toMatch(/RPC_TIMEOUT_MS must be .*60000/);
    } finally {
      env = saved;
    }
  });
});
