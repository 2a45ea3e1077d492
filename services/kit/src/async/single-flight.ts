/**
 * One piece of async work per key at a time: whoever asks for a key while its work runs shares that
 * work's promise instead of starting another (a summary load, a frame build, a token signature, a
 * write). Optionally a success is remembered for `ttlMs` and answered without any work until then.
 * A failure is never remembered: the next caller starts the work again.
 */
import { BoundedMap } from '../bounded-map.js';

export interface SingleFlightOptions {
  /**
   * How long a successful result is remembered, in ms: 0 (the default) keeps nothing once the work
   * settles, Infinity keeps it until it is forgotten or pushed out by `maxEntries`.
   */
  ttlMs?: number;
  /** Most results remembered at once; the one remembered longest ago goes first (default 1024). */
  maxEntries?: number;
  /** The clock of the ttl, in ms (default Date.now; tests move it). */
  now?: () => number;
}

interface Remembered<V> {
  value: V;
  at: number;
}

export class SingleFlight<K, V> {
  readonly #running = new Map<K, Promise<V>>();
  readonly #remembered: BoundedMap<K, Remembered<V>>;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(opts: SingleFlightOptions = {}) {
    this.#ttlMs = opts.ttlMs ?? 0;
    if (!(this.#ttlMs >= 0)) throw new RangeError('ttlMs must be 0 or more');
    this.#remembered = new BoundedMap(opts.maxEntries ?? 1024);
    this.#now = opts.now ?? Date.now;
  }

  /**
   * The remembered result of `key` while it is fresh, else the work under way for it, else `work()`
   * started now and shared with every caller until it settles.
   */
  run(key: K, work: () => Promise<V>): Promise<V> {
    const hit = this.#remembered.get(key);
    if (hit && this.#now() - hit.at < this.#ttlMs) return Promise.resolve(hit.value);
    const running = this.#running.get(key);
    if (running) return running;
    let started: Promise<V>;
    try {
      started = work();
    } catch (err) {
      // a synchronous throw fails this caller like a rejected promise would (nothing to share)
      return Promise.reject(err as Error);
    }
    this.#running.set(key, started);
    // Settled before any caller's own continuation runs (attached first), so a caller that awaited
    // the work finds its result remembered. A flight forgotten meanwhile leaves nothing behind.
    started.then(
      (value) => {
        if (this.#running.get(key) !== started) return;
        this.#running.delete(key);
        if (this.#ttlMs > 0) this.set(key, value);
      },
      () => {
        if (this.#running.get(key) === started) this.#running.delete(key);
      },
    );
    return started;
  }

  /** The work under way for `key`, if any (nothing is started). */
  pending(key: K): Promise<V> | undefined {
    return this.#running.get(key);
  }

  /** The last result remembered for `key`, fresh or not (undefined when none). */
  peek(key: K): V | undefined {
    return this.#remembered.get(key)?.value;
  }

  /** Remembers `value` for `key` from now (a result obtained outside `run`). */
  set(key: K, value: V): void {
    // deleted first so that it counts as the newest for maxEntries
    this.#remembered.delete(key);
    this.#remembered.set(key, { value, at: this.#now() });
  }

  /** Later callers of `key` start new work; callers of the work under way still get its result. */
  forget(key: K): void {
    this.#running.delete(key);
    this.#remembered.delete(key);
  }

  /** The keys with work under way or a result remembered. */
  keys(): K[] {
    return [...new Set([...this.#running.keys(), ...this.#remembered.keys()])];
  }
}
