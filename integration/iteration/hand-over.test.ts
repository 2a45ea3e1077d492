/**
 * Must show (issue 12): the iteration hand-over end to end on the real services, run as `npm start`
 * runs them (scripts/start.mjs over the built processes: the embedded broker, the six services and
 * the BFF, service identity on: each process signs its calls with the key start.mjs generated and
 * every service accepts only the callers of the trust table).
 *
 * A test canvas with all but 3 pixels sold is seeded; three artists submit real images through the
 * BFF's upload flow (PNG, JPEG, WebP) and four users vote, so that the winner is neither the newest
 * nor the first in any order but the votes'; the last 3 pixels are bought through the BFF and the
 * payment service on the sandbox provider (lock, intent, 4242, save). Then, on real code only: the
 * canvas service publishes `tessera.canvas.soldout`, the submission service's consumer picks the
 * top-voted submission, the renderer rasterises its image, the canvas service creates and activates
 * the canvas, the winner is featured and leaves the vote (its author may submit again), the BFF's
 * `/api/events` delivers `canvas:activated`, and sampled default colours of the new canvas, read
 * through the BFF's board pixels route, are the image's. The operator CLI runs against the same
 * processes (`canvases`, `promote`, `remove-submission`). Finally, with no submission left, the new
 * canvas sells out (after a restart of the whole stack on the same data): it stays, sold out.
 *
 * Seeding (test-only): before the stack starts (and before its restart), the test opens the canvas
 * service's store folder `<DATA_DIR>/canvas` with the canvas service's own code and writes the sold
 * pixels straight into it with the canvas harness's `sellAllBut` (one conditional replace per board).
 * It cannot be done while the canvas process runs: the embedded store belongs to one process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hexToRgb } from '@tessera/facts/colour';
import { boardPixelAt, CANVAS_SIZE } from '@tessera/facts/grid';
import { eventually, tempDir } from '@tessera/kit/testing';
import { sellAllBut } from '@tessera/canvas/testing';
import { SseClient } from '../../bff/src/canvas/test/sse-client.js';
import type { RawBrowser } from '../../testing/raw-http.js';
import { startTrustStack, type TrustStack } from '../../testing/trust-stack.js';
import { buyPixels } from '../../testing/purchase-flow.mjs';
import { seedCanvasStore, seedNearlySoldOut } from '../../testing/canvas-seed.js';
import {
  apiOf,
  imageFile,
  json,
  listed,
  login,
  register,
  runOps,
  submit,
  verifyEmail,
  vote,
  type Rgb,
  type User,
} from '../../testing/user-flow.js';

const RED: Rgb = [230, 20, 30];
const BLUE: Rgb = [20, 40, 220];
const YELLOW: Rgb = [250, 210, 20];
const WHITE: Rgb = [255, 255, 255];
/** The pixels left unsold on the test canvas: board 20, (1,1) (2,1) (3,1). */
const LAST = [
  [20, 1, 1],
  [20, 2, 1],
  [20, 3, 1],
] as const;
const WINNER = { title: 'Red Sea, Blue Sky', description: 'The community voted it in.' };
/** Info logs: the submission service says when a sold-out canvas stays. */
const STACK_ENV = { LOG_LEVEL: 'info' };

const tmp = tempDir('tessera-iteration-');
let stack: TrustStack;
let first = 0;
let next = 0;
let ada: User;
let li: User;
let grace: User;
let bo: User;
const ids = { winner: '', grey: '', green: '', adaAgain: '' };

/** 800 x 400: red left half, blue right half, a yellow 100 x 100 square in the middle. */
function artwork(x: number, y: number): Rgb {
  if (x >= 350 && x < 450 && y >= 150 && y < 250) return YELLOW;
  return x < 400 ? RED : BLUE;
}

function ms(since: number): string {
  return `${Date.now() - since} ms`;
}

beforeAll(async () => {
  let t = Date.now();
  first = await seedNearlySoldOut(tmp.dir, {
    name: 'Sell-out test canvas',
    description: 'All but three pixels sold before the test.',
    colour: 'D8DEE9',
    left: LAST,
    artistColours: false,
  });
  console.log(`seeded canvas ${first} (all but 3 pixels sold) in ${ms(t)}`);
  t = Date.now();
  stack = await startTrustStack({ dataDir: tmp.dir, env: STACK_ENV });
  console.log(`stack (broker, 6 services, BFF) serving in ${ms(t)}`);
  t = Date.now();
  // one after the other: identity hashes one password per core at a time and answers 503 beyond
  ada = await register(stack.bffUrl, 'ada');
  li = await register(stack.bffUrl, 'li');
  grace = await register(stack.bffUrl, 'grace');
  bo = await register(stack.bffUrl, 'bo');
  console.log(`4 users signed up in ${ms(t)}`);
}, 300_000);

afterAll(async () => {
  await stack?.close();
  tmp.cleanup();
});

const active = async (http: RawBrowser) =>
  json(await http.get('/api/canvases/active')).data[0] as Record<string, unknown>;

const ops = (...argv: string[]) => runOps(stack, ...argv);

/** Default colours of canvas pixels through `GET /api/pixels/canvas/{c}/board/{b}` (one read per board). */
async function defaultColours(http: RawBrowser, c: number, points: readonly (readonly [number, number])[]) {
  const boards = new Map<number, { x: number; y: number; default_color: string }[]>();
  const out: Rgb[] = [];
  for (const [cx, cy] of points) {
    const at = boardPixelAt(cx, cy)!;
    let board = boards.get(at.boardIndex);
    if (!board) {
      const res = await http.get(`/api/pixels/canvas/${c}/board/${at.boardIndex}`);
      expect(res.status).toBe(200);
      board = json(res).data as { x: number; y: number; default_color: string }[];
      boards.set(at.boardIndex, board);
    }
    const hex = board.find((p) => p.x === at.x && p.y === at.y)!.default_color;
    out.push([...hexToRgb(hex)]);
  }
  return out;
}

describe('a sold-out canvas hands over to the top-voted submission, on the real services', () => {
  it('sells the last pixels through the purchase flow; the top-voted submission becomes the active canvas with its image', async () => {
    // three artists, three formats; the newest (grace) is not the winner, nor is the first alphabetically
    ids.winner = await submit(ada, {
      ...WINNER,
      ...(await imageFile('red-sea.png', 800, 400, artwork)),
    });
    ids.grey = await submit(li, {
      title: 'Grey Study',
      description: 'Quiet greys, nothing else.',
      ...(await imageFile('grey.jpeg', 60, 60, () => [128, 128, 128])),
    });
    ids.green = await submit(grace, {
      title: 'A Green Field',
      description: 'Grass as far as the eye can see.',
      ...(await imageFile('field.webp', 90, 120, () => [40, 160, 60])),
    });
    // votes: the winner 3, the newest 2 (one vote switched from down to up), the grey one -1;
    // only verified voters' votes count (facts/eligibility)
    for (const voter of [li, grace, bo, ada]) await verifyEmail(voter, tmp.dir);
    expect(await vote(li, ids.winner, 1)).toBe(1);
    expect(await vote(grace, ids.winner, 1)).toBe(2);
    expect(await vote(bo, ids.green, -1)).toBe(-1);
    expect(await vote(bo, ids.green, 1)).toBe(1);
    expect(await vote(li, ids.green, 1)).toBe(2);
    expect(await vote(bo, ids.winner, 1)).toBe(3);
    expect(await vote(ada, ids.grey, -1)).toBe(-1);
    expect((await listed(bo.http)).map((s) => [s.id, s.netScore])).toEqual([
      [ids.winner, 3],
      [ids.green, 2],
      [ids.grey, -1],
    ]);

    expect(await active(bo.http)).toMatchObject({ canvas_index: first, sold_out: false });
    const stream = await SseClient.open(`${stack.bffUrl}/api/events`);
    expect(stream.status).toBe(200);

    // the last three pixels: 2 in the artist's colour, 1 custom
    await buyPixels(apiOf(bo), {
      canvas: first,
      board: 20,
      pixels: [
        { x: 1, y: 1 },
        { x: 2, y: 1 },
        { x: 3, y: 1, color: '#00AA00' },
      ],
    });
    const bought = Date.now();
    expect(JSON.parse((await stream.waitFor((e) => e.event === 'canvas:soldout', 30_000)).data)).toEqual({
      canvasIndex: first,
    });
    // bounds a hang only: rasterising and creating 625 boards take a while on a busy machine
    const switched = await stream.waitFor((e) => e.event === 'canvas:activated', 120_000);
    console.log(`last pixels saved -> canvas:activated on /api/events in ${ms(bought)}`);
    const activated = JSON.parse(switched.data) as { canvasIndex: number };
    next = activated.canvasIndex;
    expect(next).not.toBe(first);
    expect(activated).toEqual({ canvasIndex: next, name: WINNER.title, previousCanvasIndex: first });
    expect(stream.events.filter((e) => e.event === 'canvas:soldout')).toHaveLength(1);
    stream.close();
    expect(await active(bo.http)).toEqual({
      canvas_index: next,
      name: WINNER.title,
      description: WINNER.description,
      is_active: true,
      sold_out: false,
    });

    // the default colours are the image's: 800 x 400 contained in 1225 x 1225 (scale 1.53125, so
    // 1225 x 613 from row 306), white above and below
    const scale = CANVAS_SIZE / 800;
    const top = 306;
    const inside: [number, number][] = [
      [100, 612],
      [1100, 612],
      [612, 612],
      [560, 560],
      [300, 330],
      [1200, 900],
      [5, 320],
      [1219, 910],
    ];
    const got = await defaultColours(bo.http, next, inside);
    inside.forEach(([cx, cy], i) => {
      const want = artwork(Math.floor(cx / scale), Math.floor((cy - top) / scale));
      expect(
        Math.max(...got[i]!.map((v, k) => Math.abs(v - want[k]!))),
        `(${cx}, ${cy}): ${got[i]} vs ${want}`,
      ).toBeLessThanOrEqual(2);
    });
    const margins = [
      [612, 0],
      [612, 305],
      [40, 920],
      [612, 1224],
    ] as const;
    expect(await defaultColours(bo.http, next, margins)).toEqual(margins.map(() => WHITE));

    // the winner left the vote; its author may submit again
    expect((await listed(bo.http)).map((s) => s.id)).toEqual([ids.green, ids.grey]);
    ids.adaAgain = await submit(ada, {
      title: 'Second Wind',
      description: 'Another one, now that the first is featured.',
      ...(await imageFile('again.png', 40, 40, () => [200, 100, 0])),
    });

    // the sold-out canvas stays readable, with the pixels just bought
    const old = json(await bo.http.get(`/api/pixels/canvas/${first}/board/20`)).data as {
      x: number;
      y: number;
      current_color: string;
      user_id: string | null;
    }[];
    expect(old.find((p) => p.x === 3 && p.y === 1)).toMatchObject({
      current_color: '#00AA00',
      user_id: bo.userId,
    });
  }, 240_000);

  it('the operator CLI on the same processes: the canvases, and the featured winner cannot be promoted again', async () => {
    const list = await ops('canvases');
    expect(list.code, list.err).toBe(0);
    const row = (c: number) => list.out.split('\n').find((l) => l.trimStart().startsWith(`${c} `));
    expect(row(first)).toMatch(/1,500,625 \/ 1,500,625\s+100\.00%\s+yes$/);
    expect(row(next)).toMatch(/Red Sea, Blue Sky\s+active\s+0 \/ 1,500,625\s+0\.00%\s+no$/);
    const again = await ops('promote', ids.winner, '--operator', 'maria');
    expect(again).toMatchObject({ code: 1, err: 'error: promote: Submission not found. (NotFound)' });
    expect(await active(bo.http)).toMatchObject({ canvas_index: next });
    expect((await ops('canvases')).out.split('\n').filter((l) => /^\s*\d+ /.test(l))).toHaveLength(2);
  }, 60_000);

  it('with no submission left, the next canvas sells out and stays (after a restart on the same data)', async () => {
    // the vote empties: two operator removals and one deletion by its author
    const removed = await ops('remove-submission', ids.grey, '--reason', 'stolen artwork');
    expect(removed).toMatchObject({ code: 0, out: `Removed submission ${ids.grey}.` });
    expect((await ops('remove-submission', ids.grey, '--reason', 'stolen artwork')).out).toBe(
      `Submission ${ids.grey} was already removed.`,
    );
    expect((await ops('remove-submission', ids.adaAgain, '--reason', 'duplicate')).code).toBe(0);
    const deleted = await grace.http.send({
      method: 'DELETE',
      path: `/api/artist-selection/submissions/${ids.green}`,
      headers: grace.auth,
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await listed(bo.http)).toEqual([]);

    // seed the new canvas (all but one pixel sold) while the stack is down, then start it again
    await stack.close();
    let t = Date.now();
    await seedCanvasStore(tmp.dir, (core) => sellAllBut(core, next, [[0, 0, 0]]));
    console.log(`seeded canvas ${next} (all but 1 pixel sold) in ${ms(t)}`);
    t = Date.now();
    stack = await startTrustStack({ dataDir: tmp.dir, env: STACK_ENV });
    console.log(`stack restarted on the same data in ${ms(t)}`);
    const buyer = await login(stack.bffUrl, bo);
    expect(await active(buyer.http)).toMatchObject({ canvas_index: next, sold_out: false });
    expect(await listed(buyer.http)).toEqual([]);

    const stream = await SseClient.open(`${stack.bffUrl}/api/events`);
    // the last pixel, in the artist's colour
    await buyPixels(apiOf(buyer), { canvas: next, board: 0, pixels: [{ x: 0, y: 0 }] });
    expect(JSON.parse((await stream.waitFor((e) => e.event === 'canvas:soldout', 30_000)).data)).toEqual({
      canvasIndex: next,
    });
    // the submission service's consumer handled it and found nothing to promote
    await eventually(
      () =>
        stack
          .logs()
          .some(
            (l) =>
              l.msg === 'no active submission: the gallery keeps the sold-out canvas' &&
              l.fromCanvas === next,
          ),
      30_000,
    );
    expect(await active(buyer.http)).toEqual({
      canvas_index: next,
      name: WINNER.title,
      description: WINNER.description,
      is_active: true,
      sold_out: true,
    });
    expect(stream.events.some((e) => e.event === 'canvas:activated')).toBe(false);
    stream.close();
    expect((await ops('canvases')).out.split('\n').filter((l) => /^\s*\d+ /.test(l))).toHaveLength(2);
  }, 300_000);
});
