/**
 * What the event-bus contract's parts share (bus.contract.ts, bus-durable.contract.ts,
 * bus-fanout.contract.ts, bus-input.contract.ts): the fixture, the context each part gets, and the
 * helpers their tests use (also nats.test.ts and the broker's tests). The parts are put together
 * in `contracts/index.ts`.
 */
import type { Logger } from '../log/logger.js';
import { eventually } from '../testing/index.js';
import type { BusMessage, EventBus, Subscription } from '../bus/port.js';
import type { LogCapture } from '../bus/test/log-capture.js';

export interface BusFixture {
  bus: EventBus;
  cleanup: () => Promise<void>;
}

/** Opens a bus that logs to `logger` (the broker too, where it runs in the test process). */
export type BusFactory = (logger: Logger) => Promise<BusFixture>;

/** What each group of contract tests gets. */
export interface BusContractContext {
  bus: () => EventBus;
  /** Everything the bus (and an in-test broker) logged. */
  logs: () => LogCapture;
  /** A subject of its own: `tessera.<run>.<label>.<n>`. */
  subject: (label: string) => string;
  durable: (label: string) => string;
  msgId: (label: string) => string;
  /** Stops the subscription after the test. */
  track: (sub: Subscription) => Subscription;
  /** Opens another bus of the adapter (cleaned up by the caller). */
  open: () => Promise<BusFixture>;
}

export const encode = (text: string) => new TextEncoder().encode(text);
export const decode = (data: Uint8Array) => new TextDecoder().decode(data);

/** Publishes `n` messages (`<label>-<i>` as data) one after the other; returns their sequences. */
export async function publishN(bus: EventBus, subject: string, n: number, label = 'm'): Promise<number[]> {
  const seqs: number[] = [];
  const run = Math.random().toString(36).slice(2, 8);
  for (let i = 0; i < n; i++) {
    seqs.push((await bus.publish(subject, encode(`${label}-${i}`), { msgId: `${label}-${run}-${i}` })).seq);
  }
  return seqs;
}

/** A handler that records what it gets. */
export function recorder(): { got: BusMessage[]; handler: (m: BusMessage) => Promise<void> } {
  const got: BusMessage[] = [];
  return { got, handler: async (m) => void got.push(m) };
}

/** Publishes one message on `bus` and waits for a subscriber of it to get it (a bus that works end to end). */
export async function roundTrip(bus: EventBus): Promise<void> {
  const rec = recorder();
  const sub = await bus.subscribe({ subjects: ['tessera.open.>'], handler: rec.handler });
  await bus.publish('tessera.open.ping', encode('ping'), { msgId: `ping-${Date.now()}` });
  await eventually(() => rec.got.length === 1);
  await sub.stop();
}
