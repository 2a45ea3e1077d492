/**
 * Bounded expensive work (brief invariant 8), written once for every service that does some:
 * password hashing (identity), image encoding and artwork rasterising (renderer), upload checks
 * (submission).
 *
 * At most `running` works run at once, and together they hold at most `maxCost` (an estimate such as
 * working memory; one work is always let through, however costly, so nothing waits forever). Callers
 * beyond that wait in line, first come first served; when `waiting` are already in line a caller is
 * refused at once with SERVICE_UNAVAILABLE (the BFF answers 503 with Retry-After), never left to time
 * out. Optional guards:
 * - `perSource`: places (running or waiting) one source, such as a client address, may hold, so one
 *   client's burst cannot take every place from everyone else. A call without a source ('') has only
 *   the global bounds.
 * - `maxWaitMs`: a waiter whose turn comes later than this is refused then instead of starting work
 *   its caller's deadline would not see finished.
 * - `budgetMs`: from the measured time of a work (a moving average), a caller that would wait and work
 *   longer than this is refused at once (a machine slower than planned).
 */
import { appError } from '../errors/index.js';

export interface AdmissionLimits {
  /** Works that run at once (at least one). */
  running: number;
  /** Callers that may wait for a place; more are refused at once. */
  waiting: number;
  /** The cost the running works may hold together (default: no bound). */
  maxCost?: number;
  /** Places, running or waiting, one source may hold (default: no bound). */
  perSource?: number;
  /** Longest wait for a turn (default: no bound). */
  maxWaitMs?: number;
  /** Longest expected wait plus work at admission (default: no bound). */
  budgetMs?: number;
}

/** The refusal's message unless a gate words its own. */
export const BUSY_MESSAGE = 'The server is busy right now. Please try again in a moment.';

export interface AdmissionOptions {
  /** The refusal's message, for the caller's user (default BUSY_MESSAGE). */
  busyMessage?: string;
  /** Milliseconds, for the waits and the measured work time (default: performance.now). */
  now?: () => number;
}

/** One call's share: its estimated cost (default 1) and its source (default '': none). */
export interface AdmissionTicket {
  cost?: number;
  source?: string;
}

interface Waiter {
  cost: number;
  at: number;
  go(): void;
  refuse(err: Error): void;
}

export class AdmissionGate {
  readonly limits: Readonly<Required<AdmissionLimits>>;
  private running = 0;
  private runningCost = 0;
  private readonly queue: Waiter[] = [];
  private readonly bySource = new Map<string, number>();
  private readonly now: () => number;
  private readonly busyMessage: string;
  /** Moving average of a work's duration (ms); 0 until one finished. */
  private avgMs = 0;
  /** Most works seen running at once, and callers refused (tests, metrics). */
  peakRunning = 0;
  shed = 0;

  constructor(limits: AdmissionLimits, opts: AdmissionOptions = {}) {
    if (!(limits.running >= 1) || !(limits.waiting >= 0))
      throw new Error(
        `AdmissionGate: running must be >= 1 and waiting >= 0 (got ${limits.running}, ${limits.waiting})`,
      );
    this.limits = {
      maxCost: Infinity,
      perSource: Infinity,
      maxWaitMs: Infinity,
      budgetMs: Infinity,
      ...limits,
    };
    this.busyMessage = opts.busyMessage ?? BUSY_MESSAGE;
    this.now = opts.now ?? (() => performance.now());
  }

  /** Runs `work` once admitted; throws SERVICE_UNAVAILABLE when no place can be had. */
  async run<T>(work: () => Promise<T>, ticket: AdmissionTicket = {}): Promise<T> {
    const cost = ticket.cost ?? 1;
    const source = ticket.source ?? '';
    const held = this.bySource.get(source) ?? 0;
    const startsNow = this.fits(cost);
    if (
      (source !== '' && held >= this.limits.perSource) ||
      this.late(startsNow) ||
      (!startsNow && this.queue.length >= this.limits.waiting)
    )
      throw this.refusal();
    this.bySource.set(source, held + 1);
    try {
      if (startsNow) this.admit(cost);
      else await new Promise<void>((go, refuse) => this.queue.push({ cost, at: this.now(), go, refuse }));
      const started = this.now();
      try {
        return await work();
      } finally {
        const took = this.now() - started;
        this.avgMs = this.avgMs === 0 ? took : this.avgMs * 0.8 + took * 0.2;
        this.running--;
        this.runningCost -= cost;
        this.drain();
      }
    } finally {
      const left = (this.bySource.get(source) ?? 1) - 1;
      if (left <= 0) this.bySource.delete(source);
      else this.bySource.set(source, left);
    }
  }

  /** Works running and waiting now. */
  load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.queue.length };
  }

  /** Whether a work of `cost` may start now: nobody waits before it, and it has room. */
  private fits(cost: number): boolean {
    return this.queue.length === 0 && this.room(cost);
  }

  /** A free place, and the cost fits beside the running works (or nothing runs). */
  private room(cost: number): boolean {
    return (
      this.running === 0 ||
      (this.running < this.limits.running && this.runningCost + cost <= this.limits.maxCost)
    );
  }

  /** Whether the measured work time says this caller would not be done within the budget. */
  private late(startsNow: boolean): boolean {
    if (this.avgMs === 0 || this.limits.budgetMs === Infinity) return false;
    const rounds = startsNow ? 1 : Math.floor(this.queue.length / this.limits.running) + 2;
    return this.avgMs * rounds > this.limits.budgetMs;
  }

  private admit(cost: number): void {
    this.running++;
    this.runningCost += cost;
    this.peakRunning = Math.max(this.peakRunning, this.running);
  }

  /** Starts the waiters whose turn it is, refusing the ones that waited past maxWaitMs. */
  private drain(): void {
    while (this.queue.length > 0) {
      const next = this.queue[0]!;
      if (this.now() - next.at > this.limits.maxWaitMs) {
        this.queue.shift();
        next.refuse(this.refusal());
        continue;
      }
      if (!this.room(next.cost)) return;
      this.queue.shift();
      this.admit(next.cost);
      next.go();
    }
  }

  private refusal(): Error {
    this.shed++;
    return appError('SERVICE_UNAVAILABLE', this.busyMessage);
  }
}
