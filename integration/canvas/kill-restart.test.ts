/**
 * Fault injection on the canvas service as a real OS process (the built `services/canvas/dist/main.js`,
 * launched like `npm start` does, on the embedded document store in a fresh temp DATA_DIR).
 *
 * What it proves, across repeated `kill -9` and restarts on the same data folder and port:
 * - brief invariant 1, a pixel is sold at most once per canvas: six buyers (own user id, a distinct
 *   colour per order, fencing tokens that only increase) reserve and commit small, deliberately
 *   overlapping orders on three boards: all aim at the same hot block at once. Four late buyers
 *   produce the race of a commit against an expired hold, at least MIN_SOLD_RACES times per run (the
 *   run goes on until it has): a late order's 1 s hold expires, a rival buys the same pixels, then the
 *   late order commits with its reservation in the request; it must be refused (also when the rival
 *   only holds them), and granted when nobody touched its pixels (buyers.ts). Afterwards no pixel
 *   belongs to two acknowledged orders, every owned pixel belongs to an acknowledged order, sold_count
 *   is the number of owned pixels (per board, per canvas, per user) and unsold pixels kept their colour;
 * - brief invariant 2, an acknowledged commit is never lost and commit is exactly once: every
 *   acknowledged order owns all its pixels in its own colour after the final kill and restart;
 *   acknowledged reservations survive kills (normal orders commit without a copy of the reservation);
 *   a commit cut off by a kill is repeated after the restart with the same order id and lands once
 *   (a repeat answers already_committed only if the first attempt landed); committing every
 *   acknowledged order again answers already_committed and changes no board (versions unchanged);
 * - the store reopens after every kill (also kills during startup): the process reports SERVING,
 *   never exits by itself and logs no error.
 *
 * Needs the build (`npm run build`); it fails with that message when dist is missing. checker.test.ts
 * shows the board check catches a double sale and a lost commit. With the commit's sold-pixel check
 * removed from `commit()` in services/canvas/src/domain/board.ts (and the service rebuilt), this test
 * failed in each of 3 runs out of 3: 19, 19 and 18 'sold' late commits were granted (double sales).
 * It takes a minute or more: it kills and restarts a real process many times (the timeout only
 * bounds a hang).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpcServer } from '@tessera/kit';
import { sleep, tempDir, startTestRpcServer } from '@tessera/kit/testing';
import { create } from '@bufbuild/protobuf';
import { LockSchema, LockService } from '@tessera/proto/tessera/lock/v1/lock_pb.js';
import { BuyerRun, orderRef, reservationOf, type OrderRecord } from './buyers.js';
import { CanvasProcess, freePort, requireBuild } from './process.js';
import { checkBoards, readBoards } from './verify.js';

const BOARDS = [0, 312, 624];
const BUYERS = 6;
const LATE_BUYERS = 4;
const KILL_CYCLES = 8;
/** Late commits sent after a rival bought their pixels, per run at least. */
const MIN_SOLD_RACES = 15;
/** After the kills, how long the run may go on to reach MIN_SOLD_RACES (a bound against a hang). */
const RACE_WAIT_MS = 120_000;
/** Cycles whose restart is killed again while the process is still starting. */
const KILL_WHILE_STARTING = new Set([2, 5]);
const between = (min: number, max: number) => min + Math.random() * (max - min);

describe('canvas service process under kill -9 and restart', () => {
  let proc: CanvasProcess | undefined;
  let lockDouble: RpcServer | undefined;
  let tmp: ReturnType<typeof tempDir> | undefined;

  beforeAll(async () => {
    requireBuild();
    tmp = tempDir('tessera-canvas-kill-');
    // The canvas service checks board locks with the lock service (LOCK_URL). This test is about the
    // store under SIGKILL, so a lock-service double accepts the buyers' fencing tokens (what the lock
    // service would hand out): every positive token is valid and no other user holds a board. A commit
    // asks who holds the board (a board nobody holds refuses it: the buyer's lock ended): the double
    // answers a holder with token 0, which the commit never counts as a rival (its token is not newer
    // than any order's, also a late order's whose hold expired). Losing the lock is tested over the real
    // lock service in integration/payment/lock-lost.test.ts.
    lockDouble = await startTestRpcServer({
      name: 'lock-double',
      routes: (router) =>
        router.service(LockService, {
          validateLock: (req) => ({ valid: req.fencingToken > 0 }),
          getLockStatus: (req) => ({
            lock: create(LockSchema, {
              canvasIndex: req.canvasIndex,
              boardIndex: req.boardIndex,
              userId: 'lock-double',
              fencingToken: 0,
            }),
          }),
        }),
    });
    proc = new CanvasProcess(tmp.dir, await freePort(), { LOCK_URL: lockDouble.url });
    await proc.start();
  }, 180_000);

  afterAll(async () => {
    await proc?.stop();
    await lockDouble?.close(0);
    tmp?.cleanup();
  });

  it('sells each pixel at most once and keeps every acknowledged commit, exactly once', async () => {
    const p = proc!;
    const active = (await p.client().getActiveCanvas({})).canvas;
    expect(active, 'the demo canvas is active').toBeDefined();
    const canvasIndex = active!.canvasIndex;
    const before = await readBoards(p.client(), canvasIndex, BOARDS);

    const run = new BuyerRun(p, canvasIndex, BOARDS);
    const buying = run.run(BUYERS, LATE_BUYERS);
    let buyerError: unknown;
    buying.catch((err: unknown) => (buyerError = err));

    for (let cycle = 0; cycle < KILL_CYCLES && buyerError === undefined; cycle++) {
      await sleep(between(300, 800));
      await p.kill();
      if (KILL_WHILE_STARTING.has(cycle)) {
        p.spawn();
        await sleep(between(100, 1_500)); // module loading, store opening, or just up
        await p.kill();
      }
      await p.start();
    }
    // the races happen between kills too, but a hold spans several kills: without kills they come
    // quickly; go on until there are enough of them (the count is checked below)
    const enough = Date.now() + RACE_WAIT_MS;
    while (run.soldRaces < MIN_SOLD_RACES && buyerError === undefined && Date.now() < enough)
      await sleep(100);
    await sleep(300);
    run.stop();
    await buying; // every order ends answered: acknowledged or refused
    // every acknowledgement is followed by at least one kill before the check
    await p.kill();
    await p.start();

    const { orders, stats } = run;
    const acked = orders.filter((o) => o.commit === 'acked');
    expect(stats.violations, 'answers that broke a promise').toEqual([]);
    expect(orders.every((o) => o.reserve !== 'pending')).toBe(true);
    expect(acked.length, 'orders acknowledged').toBeGreaterThan(20);

    // the race: a late commit after its hold expired and a rival bought (or holds) its pixels is
    // refused; with nobody on its pixels it is granted
    const late = orders.filter((o) => o.late && o.reserve === 'ok');
    const raced = (race: OrderRecord['race']) => late.filter((o) => o.race === race);
    expect(raced('sold').length, 'late commits after a rival bought their pixels').toBeGreaterThanOrEqual(
      MIN_SOLD_RACES,
    );
    const wrong = (race: OrderRecord['race'], want: OrderRecord['commit']) =>
      raced(race)
        .filter((o) => o.commit !== want)
        .map((o) => `${o.id} (${race}): ${o.commit}`);
    expect([...wrong('sold', 'refused'), ...wrong('held', 'refused'), ...wrong('free', 'acked')]).toEqual([]);

    const after = await readBoards(p.client(), canvasIndex, BOARDS);
    expect(checkBoards(orders, before, after)).toEqual([]);

    // the canvas and the per-user counts agree with the boards (derived from the same documents)
    const sold = [...after.values()].reduce((n, b) => n + b.soldCount, 0);
    const canvas = (await p.client().getCanvas({ canvasIndex })).canvas!;
    expect(canvas.soldPixels).toBe(sold);
    expect(canvas.version).toBe([...after.values()].reduce((n, b) => n + b.version, 0));
    expect(sold).toBe(acked.reduce((n, o) => n + o.pixels.length, 0));
    for (const userId of new Set(orders.map((o) => o.userId))) {
      const owned = acked.filter((o) => o.userId === userId).reduce((n, o) => n + o.pixels.length, 0);
      const { pixelCount } = await p.client().getUserPixelCount({ userId, canvasIndex });
      expect(pixelCount, userId).toBe(owned);
    }

    // exactly once: committing every acknowledged order again grants nothing new
    for (const order of acked) {
      const again = await p.client().commitOrder({
        ...orderRef(order, canvasIndex),
        ...reservationOf(order),
      });
      expect({ order: order.id, ...again }).toMatchObject({
        order: order.id,
        alreadyCommitted: true,
        pixelCount: order.pixels.length,
      });
    }
    expect(await readBoards(p.client(), canvasIndex, BOARDS)).toEqual(after);

    expect(p.crashes, 'exits the test did not cause').toEqual([]);
    expect(p.errorLines, 'error lines logged by the process').toEqual([]);

    const refused = (r: Record<string, number>) => Object.values(r).reduce((n, v) => n + v, 0);
    console.log(
      `canvas kill -9: ${p.kills} kills, ${p.starts} starts, ${orders.length} orders, ${acked.length} acknowledged ` +
        `(${sold} pixels), ${refused(stats.reserveRefused)} refused at reserve ${JSON.stringify(stats.reserveRefused)}, ` +
        `${late.length} late commits after an expired hold (${raced('sold').length} after a rival bought the pixels, ` +
        `${raced('held').length} while a rival held them, ${raced('free').length} untouched: ` +
        `${late.filter((o) => o.commit === 'acked').length} granted), ` +
        `${stats.unknownCalls} calls cut off, ${stats.landedBeforeKill} repeated commits had landed before the kill, ` +
        `starts took ${Math.min(...p.startMs)}-${Math.max(...p.startMs)} ms`,
    );
  }, 900_000);
});
