/**
 * The metrics registry of this process (prom-client). A worker thread of `npm start` loads its own
 * copy of this module, so each service thread has its own registry, exactly as its container has.
 * Metrics are created once by name: a second `counter(...)` with the same name returns the first
 * (tests create several servers in one process).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const metricsRegistry = new Registry();

let processMetrics = false;

/** Node's default process metrics (CPU, memory, event loop, GC), once per registry. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** Buckets (seconds) of request and call durations: 1 ms to 10 s. */
export const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function existing<M>(name: string): M | undefined {
  return metricsRegistry.getSingleMetric(name) as M | undefined;
}

/** A counter; `collect` (called at each scrape) may bring it up to date. */
export function counter<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[] = [],
  collect?: (c: Counter<L>) => void,
): Counter<L> {
  return (
    existing<Counter<L>>(name) ??
    new Counter({
      name,
      help,
      labelNames,
      registers: [metricsRegistry],
      ...(collect
        ? {
            collect: function (this: Counter<L>) {
              collect(this);
            },
          }
        : {}),
    })
  );
}

/** A gauge; `collect` (called at each scrape) sets it from the current state. */
export function gauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[] = [],
  collect?: (g: Gauge<L>) => void | Promise<void>,
): Gauge<L> {
  return (
    existing<Gauge<L>>(name) ??
    new Gauge({
      name,
      help,
      labelNames,
      registers: [metricsRegistry],
      ...(collect
        ? {
            collect: async function (this: Gauge<L>) {
              await collect(this);
            },
          }
        : {}),
    })
  );
}

export function histogram<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[] = [],
  buckets: number[] = DURATION_BUCKETS,
): Histogram<L> {
  return (
    existing<Histogram<L>>(name) ??
    new Histogram({ name, help, labelNames, buckets, registers: [metricsRegistry] })
  );
}

/** Seconds since `started` (a performance.now() reading). */
export function secondsSince(started: number): number {
  return (performance.now() - started) / 1000;
}

const children = new WeakMap<object, Map<string, unknown>>();

/**
 * The series of `metric` with `labels`, bound once and kept (prom-client's `labels()`): a hot path
 * (every RPC, request or delivery) then hashes no labels. For label sets of a bounded number of
 * values only (route templates, methods, codes, subjects), always given in the same key order.
 */
export function bound<C>(
  metric: { labels(labels: Record<string, string>): C },
  labels: Record<string, string>,
): C {
  let byKey = children.get(metric) as Map<string, C> | undefined;
  if (!byKey) children.set(metric, (byKey = new Map<string, C>()));
  const key = Object.values(labels).join('\u0000');
  let c = byKey.get(key);
  if (!c) byKey.set(key, (c = metric.labels(labels)));
  return c;
}
