/**
 * Concurrent buyers against the canvas process: each loops ReservePixels -> CommitOrder on a few
 * boards, all of them aiming at the same small "hot" block of each board at the same time, so their
 * orders overlap. A call that gets no answer (the process was killed under it) has an unknown outcome:
 * the buyer waits for the next start and repeats it with the same order id, until it is answered.
 * Every answer is recorded; verify.ts checks the boards against the acknowledged orders.
 *
 * Beside them, late buyers produce the race of a commit against an expired hold, many times per run:
 * a late order holds 1 or 2 pixels of a board's last row or column (which the hot blocks never
 * touch) for 1 s; once the hold has expired, a rival order of another user reserves and commits the
 * same pixels ('sold'), or only reserves them ('held'), or nobody touches them ('free'); then the
 * late order commits with its reservation in the request (as payment does after a slow checkout).
 * Whatever kills happen in between, a 'sold' or 'held' late commit must be refused and a 'free' one
 * granted.
 */
import { ConnectError } from '@connectrpc/connect';
import { BOARD_SIZE, pixelAtOffset, pixelOffset } from '@tessera/facts/grid';
import { ERROR_CODE_HEADER } from '@tessera/kit';
import { sleep } from '@tessera/kit/testing';
import type { CanvasClient, CanvasProcess } from './process.js';

export interface PixelXY {
  x: number;
  y: number;
}

export interface OrderRecord {
  id: string;
  userId: string;
  boardIndex: number;
  pixels: PixelXY[];
  /** '#RRGGBB', different for every order. */
  color: string;
  /** Reserved for 1 s and committed after it expired, with the reservation in the request. */
  late: boolean;
  /**
   * Late orders only: what a rival did to their pixels before the late commit was sent: bought them
   * (acknowledged commit), held them (acknowledged reservation, committed after), or nothing.
   */
  race?: 'sold' | 'held' | 'free';
  reserve: 'pending' | 'ok' | 'refused';
  commit: 'none' | 'acked' | 'refused';
  /** The answer of the acknowledged commit. */
  alreadyCommitted?: boolean;
  /** Calls of this order that got no answer (and were repeated). */
  unknownReserves: number;
  unknownCommits: number;
}

export interface Stats {
  reserveRefused: Record<string, number>;
  commitRefused: Record<string, number>;
  /** Calls without an answer, repeated after the restart. */
  unknownCalls: number;
  /** Commits repeated after a kill that answered already_committed (the first attempt had landed). */
  landedBeforeKill: number;
  /** Broken promises seen in answers (each fails the test). */
  violations: string[];
}

type Outcome<T> = { kind: 'ok'; value: T } | { kind: 'refused'; code: string; message: string };

/** Application answers that refuse an order: they are definite, never repeated. */
const REFUSALS = new Set(['CONFLICT', 'PIXEL_ALREADY_SOLD', 'LOCK_CONFLICT']);
/** How long a call may keep failing within one start of the process before the test gives up. */
const STUCK_MS = 30_000;
const HOT_BLOCK = 8;
const BLOCKS_PER_SIDE = Math.floor(BOARD_SIZE / HOT_BLOCK); // 6 x 8 = 48 of the 49 columns and rows
const PHASE_MS = 250;
/** The pixels late orders and their rivals use: the last row and column, outside every hot block. */
const EDGE = HOT_BLOCK * BLOCKS_PER_SIDE; // 48
const EDGE_OFFSETS = Array.from({ length: BOARD_SIZE }, (_, i) => [
  pixelOffset(i, EDGE),
  pixelOffset(EDGE, i),
])
  .flat()
  .filter((o, i, all) => all.indexOf(o) === i);
/** How long after the late reservation was acknowledged its 1 s hold is surely over. */
const HOLD_OVER_MS = 1_000 + 100;

export class BuyerRun {
  readonly orders: OrderRecord[] = [];
  readonly stats: Stats = {
    reserveRefused: {},
    commitRefused: {},
    unknownCalls: 0,
    landedBeforeKill: 0,
    violations: [],
  };
  private stopped = false;
  private colorSeq = 0;
  private readonly tokens = new Map<number, number>();
  private readonly started = Date.now();
  private failure: unknown;
  /** Edge pixels (per board) not given to a late order yet: every late order gets fresh ones. */
  private readonly edgeLeft = new Map<number, number[]>();

  constructor(
    private readonly proc: CanvasProcess,
    private readonly canvasIndex: number,
    private readonly boards: number[],
  ) {}

  /**
   * Runs `count` buyers and `lateCount` late buyers until stop(); resolves when every order they
   * started has a definite answer.
   */
  async run(count: number, lateCount: number): Promise<void> {
    await Promise.all([
      ...Array.from({ length: count }, (_, i) => this.buyer(i)),
      ...Array.from({ length: lateCount }, (_, i) => this.lateBuyer(i)),
    ]);
    if (this.failure !== undefined) throw this.failure;
  }

  /** Late commits sent after a rival bought their pixels, so far (the race the run is about). */
  get soldRaces(): number {
    return this.orders.filter((o) => o.race === 'sold' && o.commit !== 'none').length;
  }

  stop(): void {
    this.stopped = true;
  }

  /**
   * The fencing token a board's orders reserve under. This run is about the store under SIGKILL, not
   * about locks: every order on a board reserves under one live lock (token 1), as if one holder's lock
   * lasted the whole run. Lock hand-over (a newer token ending older holds) and stale tokens are
   * tested against the real lock service in integration/lock/.
   */
  private token(boardIndex: number): number {
    if (!this.tokens.has(boardIndex)) this.tokens.set(boardIndex, 1);
    return this.tokens.get(boardIndex)!;
  }

  /** A colour no other order has (a bijection of a counter on 24 bits), never white. */
  private nextColor(): string {
    for (;;) {
      const rgb = Math.imul(++this.colorSeq, 0x9e3779b1) & 0xffffff;
      if (rgb !== 0xffffff) return `#${rgb.toString(16).toUpperCase().padStart(6, '0')}`;
    }
  }

  /** 1 to 4 distinct pixels of the board's current hot block (shared by every buyer for PHASE_MS). */
  private pickPixels(boardIndex: number): PixelXY[] {
    const phase = Math.floor((Date.now() - this.started) / PHASE_MS);
    const block = (phase * 7 + boardIndex * 13) % (BLOCKS_PER_SIDE * BLOCKS_PER_SIDE);
    const x0 = (block % BLOCKS_PER_SIDE) * HOT_BLOCK;
    const y0 = Math.floor(block / BLOCKS_PER_SIDE) * HOT_BLOCK;
    const n = 1 + Math.floor(Math.random() * 4);
    const picked = new Map<number, PixelXY>();
    while (picked.size < n) {
      const x = x0 + Math.floor(Math.random() * HOT_BLOCK);
      const y = y0 + Math.floor(Math.random() * HOT_BLOCK);
      picked.set(pixelOffset(x, y), { x, y });
    }
    return [...picked.values()];
  }

  private async buyer(index: number): Promise<void> {
    for (let seq = 0; !this.stopped; seq++) {
      const boardIndex = this.boards[Math.floor(Math.random() * this.boards.length)]!;
      const order = this.newOrder(
        `order-${index}-${seq}`,
        `buyer-${index}`,
        boardIndex,
        this.pickPixels(boardIndex),
      );
      if (await this.reserve(order)) await this.commit(order);
    }
  }

  private newOrder(
    id: string,
    userId: string,
    boardIndex: number,
    pixels: PixelXY[],
    late = false,
  ): OrderRecord {
    const order: OrderRecord = {
      id,
      userId,
      boardIndex,
      pixels,
      color: this.nextColor(),
      late,
      reserve: 'pending',
      commit: 'none',
      unknownReserves: 0,
      unknownCommits: 0,
    };
    this.orders.push(order);
    return order;
  }

  /** 1 or 2 edge pixels of the board that no earlier late order had; undefined when none are left. */
  private edgePixels(boardIndex: number): PixelXY[] | undefined {
    let left = this.edgeLeft.get(boardIndex);
    if (!left) this.edgeLeft.set(boardIndex, (left = [...EDGE_OFFSETS]));
    const n = Math.min(left.length, 1 + Math.floor(Math.random() * 2));
    if (n === 0) return undefined;
    return left.splice(Math.floor(Math.random() * (left.length - n + 1)), n).map((o) => pixelAtOffset(o));
  }

  /**
   * Loops: a late order holds fresh edge pixels for 1 s; after the hold is over a rival (another
   * user) buys them (3 in 5), holds them (1 in 5) or leaves them (1 in 5); then the late order commits
   * with its reservation in the request. A held rival commits after the late commit was answered.
   */
  private async lateBuyer(index: number): Promise<void> {
    try {
      for (let seq = 0; !this.stopped; seq++) {
        const boardIndex = this.boards[(index + seq) % this.boards.length]!;
        const pixels = this.edgePixels(boardIndex);
        if (!pixels) return;
        const late = this.newOrder(`late-${index}-${seq}`, `late-buyer-${index}`, boardIndex, pixels, true);
        if (!(await this.reserve(late))) continue;
        await sleep(HOLD_OVER_MS);
        const dice = Math.random();
        let rival: OrderRecord | undefined;
        if (dice < 0.8) {
          const some = pixels.filter((_, i) => i === 0 || Math.random() < 0.5);
          rival = this.newOrder(`rival-${index}-${seq}`, `rival-${index}`, boardIndex, some);
          if (await this.reserve(rival)) {
            if (dice < 0.6) await this.commit(rival);
          }
        }
        late.race =
          rival?.commit === 'acked' ? 'sold' : rival?.reserve === 'ok' ? 'held' : rival ? undefined : 'free';
        await this.commit(late);
        if (rival?.reserve === 'ok' && rival.commit === 'none') await this.commit(rival);
      }
    } catch (err) {
      this.failure ??= err;
    }
  }

  /**
   * Calls `fn` until the process answers: an answer is returned (ok or a refusal); no answer (the
   * connection died with the process) is an unknown outcome, repeated once the process serves again.
   */
  private async answered<T>(fn: (c: CanvasClient) => Promise<T>, onUnknown: () => void): Promise<Outcome<T>> {
    let failingSince: number | undefined;
    let startsThen = this.proc.starts;
    for (;;) {
      if (this.proc.closed) throw new Error('the canvas process was stopped');
      try {
        return { kind: 'ok', value: await fn(this.proc.client()) };
      } catch (err) {
        const ce = ConnectError.from(err);
        const code = ce.metadata.get(ERROR_CODE_HEADER);
        if (code !== null && REFUSALS.has(code)) return { kind: 'refused', code, message: ce.rawMessage };
        // an answer the test never provokes: stop here rather than repeat it forever
        if (code !== null && code !== 'SERVICE_UNAVAILABLE')
          throw new Error(`unexpected answer ${code}: ${ce.rawMessage}`, { cause: err });
        onUnknown();
        this.stats.unknownCalls++;
        // only time within one start of the process counts (kills and restarts may take long)
        if (failingSince === undefined || startsThen !== this.proc.starts) failingSince = Date.now();
        startsThen = this.proc.starts;
        if (Date.now() - failingSince > STUCK_MS)
          throw new Error(`calls keep failing while the process is up: ${ce.message}`, { cause: err });
        await sleep(5 + Math.random() * 20);
        await this.proc.whenUp();
      }
    }
  }

  /** Reserves the order's pixels; false when refused (then any hold a lost attempt made is released). */
  private async reserve(order: OrderRecord): Promise<boolean> {
    const r = await this.answered(
      (c) =>
        c.reservePixels({
          ...orderRef(order, this.canvasIndex),
          ...reservationOf(order),
          fencingToken: this.token(order.boardIndex),
          ttlSeconds: order.late ? 1 : 0,
        }),
      () => order.unknownReserves++,
    );
    if (r.kind === 'refused') {
      order.reserve = 'refused';
      this.stats.reserveRefused[r.code] = (this.stats.reserveRefused[r.code] ?? 0) + 1;
      // an earlier attempt without an answer may have reserved (re-reserving the same order replaces
      // its hold, so a refusal then means the stale token or a pixel taken after an expiry): release it
      if (order.unknownReserves > 0)
        await this.answered(
          (c) => c.releaseReservation(orderRef(order, this.canvasIndex)),
          () => undefined,
        );
      return false;
    }
    order.reserve = 'ok';
    const got = r.value;
    if (got.pixels.length !== order.pixels.length || got.customColorCount !== order.pixels.length)
      this.stats.violations.push(
        `${order.id}: reserved ${got.pixels.length} of ${order.pixels.length} pixels`,
      );
    return true;
  }

  /**
   * Commits the order with its id until answered. A normal order sends no copy of its reservation,
   * so the stored hold must have survived every kill; a late one sends it (its hold has expired).
   */
  private async commit(order: OrderRecord): Promise<void> {
    const r = await this.answered(
      (c) =>
        c.commitOrder({
          ...orderRef(order, this.canvasIndex),
          ...(order.late ? reservationOf(order) : {}),
        }),
      () => order.unknownCommits++,
    );
    if (r.kind === 'refused') {
      order.commit = 'refused';
      this.stats.commitRefused[r.code] = (this.stats.commitRefused[r.code] ?? 0) + 1;
      if (!order.late)
        this.stats.violations.push(
          `${order.id}: its acknowledged reservation was refused at commit (${r.code}: ${r.message})`,
        );
      return;
    }
    const { alreadyCommitted, pixelCount } = r.value;
    order.commit = 'acked';
    order.alreadyCommitted = alreadyCommitted;
    if (alreadyCommitted) this.stats.landedBeforeKill++;
    if (alreadyCommitted && order.unknownCommits === 0)
      this.stats.violations.push(`${order.id}: its first commit answered already_committed`);
    const expected = alreadyCommitted && !order.late ? 0 : order.pixels.length;
    if (pixelCount !== expected)
      this.stats.violations.push(
        `${order.id}: commit answered pixel_count ${pixelCount}, expected ${expected}`,
      );
  }
}

/** The order's id and where it buys: the fields that name it in every canvas call. */
export function orderRef(order: OrderRecord, canvasIndex: number) {
  return { orderId: order.id, canvasIndex, boardIndex: order.boardIndex };
}

/** What the order reserves (user and pixels), as ReservePixels sends it and a commit carries its copy. */
export function reservationOf(order: OrderRecord) {
  return {
    userId: order.userId,
    pixels: order.pixels.map((p) => ({ ...p, color: order.color, isDefault: false })),
  };
}
