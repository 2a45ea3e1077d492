/**
 * Load shedding for password hashing: every scrypt runs through a bounded queue sized to the cores.
 * At most `running` hashes run at once (one per core); at most `waiting` more wait, and each source
 * (client address) may hold at most `perSource` of the running and waiting places, so one client's
 * burst cannot take every place from everyone else. A hash that finds no place is refused at once
 * with SERVICE_UNAVAILABLE (the BFF answers 503 with Retry-After), and one that waited longer than
 * `maxWaitMs` (a machine slower than planned) is refused when its turn comes instead of starting work
 * its caller's deadline would not see finished: never left to time out.
 */
import os from 'node:os';
import { appError } from '@tessera/kit';
import type { PasswordHasher } from '../service/ports.js';

export const BUSY_MESSAGE = 'The server is busy right now. Please try again in a moment.';

export interface HashGateLimits {
  running: number;
  waiting: number;
  perSource: number;
  /** Longest time a hash may wait for its turn (well inside the callers' 10 s deadline). */
  maxWaitMs: number;
  /**
   * Longest expected wait plus work at admission, from the measured hash time (a moving average):
   * on a machine too busy to finish in time, the hash is refused at once rather than timing out.
   */
  budgetMs: number;
}

export function defaultLimits(cores = os.availableParallelism()): HashGateLimits {
  const running = Math.max(1, cores);
  return { running, waiting: running * 4, perSource: Math.max(2, running), maxWaitMs: 3000, budgetMs: 7000 };
}

interface Waiter {
  at: number;
  go(): void;
  refuse(err: unknown): void;
}

function busy(): Error {
  return appError('SERVICE_UNAVAILABLE', BUSY_MESSAGE);
}

export class HashGate {
  private active = 0;
  private readonly queue: Waiter[] = [];
  private readonly bySource = new Map<string, number>();
  /** Moving average of a hash's duration (ms); 0 until one finished. */
  private avgMs = 0;

  constructor(
    readonly limits: HashGateLimits = defaultLimits(),
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Runs `work` when a place is free; throws SERVICE_UNAVAILABLE at once when none can be had. */
  async run<T>(source: string, work: () => Promise<T>): Promise<T> {
    const held = this.bySource.get(source) ?? 0;
    const full = this.active >= this.limits.running && this.queue.length >= this.limits.waiting;
    // an unknown source ('': a call without ClientInfo) has no share of its own, only the global bound
    const rounds = Math.floor(this.queue.length / this.limits.running) + 1;
    const late = this.avgMs * (this.active >= this.limits.running ? rounds + 1 : 1) > this.limits.budgetMs;
    if (full || late || (source !== '' && held >= this.limits.perSource)) throw busy();
    this.bySource.set(source, held + 1);
    try {
      if (this.active >= this.limits.running) {
        await new Promise<void>((go, refuse) => this.queue.push({ at: this.now(), go, refuse }));
      } else this.active++;
      const started = this.now();
      try {
        return await work();
      } finally {
        const took = this.now() - started;
        this.avgMs = this.avgMs === 0 ? took : this.avgMs * 0.8 + took * 0.2;
        this.handOver();
      }
    } finally {
      const left = (this.bySource.get(source) ?? 1) - 1;
      if (left <= 0) this.bySource.delete(source);
      else this.bySource.set(source, left);
    }
  }

  /** Gives the finished hash's place to the next waiter still in time, refusing the stale ones. */
  private handOver(): void {
    for (let next = this.queue.shift(); next; next = this.queue.shift()) {
      if (this.now() - next.at <= this.limits.maxWaitMs) {
        next.go();
        return;
      }
      next.refuse(busy());
    }
    this.active--;
  }

  /** Hashes running and waiting (tests, metrics). */
  load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.queue.length };
  }
}

/** A hasher whose every hash and verify goes through `gate`, counted against the caller's source. */
export function gatedHasher(inner: PasswordHasher, gate: HashGate): PasswordHasher {
  return {
    hash: (password, source = '') => gate.run(source, () => inner.hash(password)),
    verify: (password, stored, source = '') => gate.run(source, () => inner.verify(password, stored)),
  };
}
