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
 *   client's burst cannot take every place from everyone else; `perSourceRunning` (default
 *   `perSource`): how many of them may run at once. A waiter whose source already runs its share
 *   lets the waiters behind it pass, so the other places serve other sources. A call may name several
 *   sources (a client address and the account it signs in to): each of them holds the place, and the
 *   call is refused when any of them already holds its share. A call without a source ('') has only
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
  /** Works of one source that run at once (default: perSource). */
  perSourceRunning?: number;
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

/** One call's share: its estimated cost (default 1) and its source or sources (default '': none). */
export interface AdmissionTicket {
  cost?: number;
  source?: string | readonly string[];
}

/** Takes one from the count of `key`, forgetting it at zero. */
function countDown(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left <= 0) counts.delete(key);
  else counts.set(key, left);
}

/** The distinct named sources of a ticket ('' names none). */
function sourcesOf(source: AdmissionTicket['source']): string[] {
  const all = typeof source === 'string' ? [source] : (source ?? []);
  return [...new Set(all.filter((s) => s !== ''))];
}

interface Waiter {
  cost: number;
  sources: string[];
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
  private readonly runningBySource = new Map<string, number>();
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
      perSourceRunning: limits.perSourceRunning ?? limits.perSource ?? Infinity,
    };
    this.busyMessage = opts.busyMessage ?? BUSY_MESSAGE;
    this.now = opts.now ?? (() => performance.now());
  }

  /** Runs `work` once admitted; throws SERVICE_UNAVAILABLE when no place can be had. */
  async run<T>(work: () => Promise<T>, ticket: AdmissionTicket = {}): Promise<T> {
    const cost = ticket.cost ?? 1;
    const sources = sourcesOf(ticket.source);
    const startsNow = this.fits(cost) && this.sourcesMayRun(sources);
    if (
      sources.some((s) => (this.bySource.get(s) ?? 0) >= this.limits.perSource) ||
      this.late(startsNow) ||
      (!startsNow && this.queue.length >= this.limits.waiting)
    )
      throw this.refusal();
    for (const s of sources) this.bySource.set(s, (this.bySource.get(s) ?? 0) + 1);
    try {
      if (startsNow) this.admit(cost, sources);
      else
        await new Promise<void>((go, refuse) => {
          this.queue.push({ cost, sources, at: this.now(), go, refuse });
          // the waiters before it may all be waiting for their own source's turn: it may start now
          this.drain();
        });
      const started = this.now();
      try {
        return await work();
      } finally {
        const took = this.now() - started;
        this.avgMs = this.avgMs === 0 ? took : this.avgMs * 0.8 + took * 0.2;
        this.running--;
        this.runningCost -= cost;
        for (const s of sources) countDown(this.runningBySource, s);
        this.drain();
      }
    } finally {
      for (const s of sources) countDown(this.bySource, s);
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

  /** Whether every source of a call runs fewer than its share now. */
  private sourcesMayRun(sources: readonly string[]): boolean {
    return sources.every((s) => (this.runningBySource.get(s) ?? 0) < this.limits.perSourceRunning);
  }

  /** Whether the measured work time says this caller would not be done within the budget. */
  private late(startsNow: boolean): boolean {
    if (this.avgMs === 0 || this.limits.budgetMs === Infinity) return false;
    const rounds = startsNow ? 1 : Math.floor(this.queue.length / this.limits.running) + 2;
    return this.avgMs * rounds > this.limits.budgetMs;
  }

  private admit(cost: number, sources: readonly string[]): void {
    this.running++;
    this.runningCost += cost;
    for (const s of sources) this.runningBySource.set(s, (this.runningBySource.get(s) ?? 0) + 1);
    this.peakRunning = Math.max(this.peakRunning, this.running);
  }

  /**
   * Starts the waiters whose turn it is, in order, refusing the ones that waited past maxWaitMs. A
   * waiter whose source already runs its share is passed over (it keeps its place in line); the
   * first other waiter that does not fit stops the round (first come, first served by cost).
   */
  private drain(): void {
    for (let i = 0; i < this.queue.length;) {
      const next = this.queue[i]!;
      if (this.now() - next.at > this.limits.maxWaitMs) {
        this.queue.splice(i, 1);
        next.refuse(this.refusal());
        continue;
      }
      if (!this.sourcesMayRun(next.sources)) {
        i++;
        continue;
      }
      if (!this.room(next.cost)) return;
      this.queue.splice(i, 1);
      this.admit(next.cost, next.sources);
      next.go();
    }
  }

  private refusal(): Error {
    this.shed++;
    return appError('SERVICE_UNAVAILABLE', this.busyMessage);
  }
}
