/**
 * Event consumption of the kit's durable consumers (bus/handlers.ts), per subject and consumer
 * (the durable name): the lag from publish to the start of handling, redeliveries (a delivery after
 * the first) and how each delivery was settled (ack, nak, term, late).
 */
import type { BusMessage } from '../bus/port.js';
import { counter, histogram } from './registry.js';

/** Lag buckets (seconds): 5 ms to 10 minutes (a backlog after an outage). */
const LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

const lag = () =>
  histogram(
    'tessera_bus_consumer_lag_seconds',
    'Time from an event being published to a durable consumer starting to handle it',
    ['subject', 'consumer'],
    LAG_BUCKETS,
  );
const redeliveries = () =>
  counter(
    'tessera_bus_redeliveries_total',
    'Deliveries of an event to a durable consumer after its first (the handler failed or outlived the ack wait)',
    ['subject', 'consumer'],
  );
const settled = () =>
  counter(
    'tessera_bus_consumed_total',
    'Deliveries handled by durable consumers, by outcome: ack, nak (retried), term (poison), late',
    ['subject', 'consumer', 'outcome'],
  );

export type DeliveryOutcome = 'ack' | 'nak' | 'term' | 'late';

/** The series of one subject and consumer, bound once (no label hashing per delivery). */
interface Bound {
  lag: { observe(v: number): void };
  redelivered: { inc(v?: number): void };
  settled: Map<DeliveryOutcome, { inc(): void }>;
}
const bound = new Map<string, Bound>();

function seriesOf(consumer: string, subject: string): Bound {
  const key = `${consumer}\u0000${subject}`;
  let b = bound.get(key);
  if (!b) {
    const labels = { subject, consumer };
    b = { lag: lag().labels(labels), redelivered: redeliveries().labels(labels), settled: new Map() };
    // the series exists from the first delivery on, so a rate over it is 0 rather than absent
    b.redelivered.inc(0);
    bound.set(key, b);
  }
  return b;
}

/** A delivery starting its handler (`nowMs`: wall clock, as the message's timestamp). */
export function observeDelivery(consumer: string, msg: BusMessage, nowMs = Date.now()): void {
  const b = seriesOf(consumer, msg.subject);
  b.lag.observe(Math.max(0, nowMs - msg.timestampMs) / 1000);
  if (msg.deliveryCount > 1) b.redelivered.inc();
}

export function observeSettled(consumer: string, msg: BusMessage, outcome: DeliveryOutcome): void {
  const b = seriesOf(consumer, msg.subject);
  let c = b.settled.get(outcome);
  if (!c) {
    c = settled().labels({ subject: msg.subject, consumer, outcome });
    b.settled.set(outcome, c);
  }
  c.inc();
}
