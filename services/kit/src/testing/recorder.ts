/**
 * What a test's subscription received, with a "delivered" signal instead of a sleep: `drained()`
 * publishes a marker on the subject and resolves once the marker has arrived. Fan-out delivers a
 * subject's messages in stream order, so everything published before the marker has arrived too;
 * a test that checks something was published once (and not twice) waits for `drained()` first.
 */
import { randomUUID } from 'node:crypto';
import type { BusMessage, EventBus } from '../bus/port.js';

const MARKER = 'test-drain-';

export interface Recorder {
  /** The messages received so far, markers left out. */
  readonly messages: BusMessage[];
  /** Resolves when everything published on `subject` (default: the first subject) before the call has arrived. */
  drained(subject?: string): Promise<void>;
}

export async function recordSubjects(bus: EventBus, subjects: string[]): Promise<Recorder> {
  const all: BusMessage[] = [];
  const waiting = new Map<string, () => void>();
  await bus.subscribe({
    subjects,
    handler: (m) => {
      all.push(m);
      waiting.get(m.msgId)?.();
    },
  });
  return {
    get messages() {
      return all.filter((m) => !m.msgId.startsWith(MARKER));
    },
    async drained(subject = subjects[0]!) {
      const msgId = `${MARKER}${randomUUID()}`;
      const arrived = new Promise<void>((resolve) => waiting.set(msgId, resolve));
      await bus.publish(subject, new Uint8Array(), { msgId });
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`marker on ${subject} not delivered within 10 s`)), 10_000);
      });
      try {
        await Promise.race([arrived, bound]);
      } finally {
        clearTimeout(timer);
        waiting.delete(msgId);
      }
    },
  };
}
