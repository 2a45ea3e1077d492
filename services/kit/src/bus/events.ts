/**
 * The one way a service publishes an event: the payload typed and encoded by its subject's schema
 * (`@tessera/facts/events`) and a publish id for deduplication. The trace context goes into the
 * headers in the bus itself (telemetry/bus-tracing.ts: a PRODUCER span per publish, whatever
 * publishes), so every consumer's span joins the trace of the call that caused the event.
 */
import type { MessageInitShape } from '@bufbuild/protobuf';
import { encodeEvent, type EventSchema } from '@tessera/facts/events';
import type { Subject } from '@tessera/facts/subjects';
import type { Logger } from '../log/logger.js';
import type { EventBus, PublishResult } from './port.js';

export interface PublishEventOptions {
  /** Deduplication id: a second publish with it within the window is dropped. */
  msgId: string;
  /** Headers besides the trace context (which the bus adds). */
  headers?: Record<string, string>;
}

/** Publishes `payload` on `subject`; a failure is thrown. */
export function publishEvent<S extends Subject>(
  bus: EventBus,
  subject: S,
  payload: MessageInitShape<EventSchema<S>>,
  opts: PublishEventOptions,
): Promise<PublishResult> {
  return bus.publish(subject, encodeEvent(subject, payload), {
    msgId: opts.msgId,
    ...(opts.headers ? { headers: opts.headers } : {}),
  });
}

export interface BestEffortOptions extends PublishEventOptions {
  logger: Logger;
  /** Why losing it is acceptable, added to the log line (e.g. what repairs it). */
  note?: string;
  /** More fields for the log line. */
  fields?: Record<string, unknown>;
}

/**
 * Publishes an event that is a notice, not the record (the change it reports is already stored):
 * a failure is logged as a warning and not thrown. True when the bus took it.
 */
export async function publishEventBestEffort<S extends Subject>(
  bus: EventBus,
  subject: S,
  payload: MessageInitShape<EventSchema<S>>,
  opts: BestEffortOptions,
): Promise<boolean> {
  try {
    await publishEvent(bus, subject, payload, opts);
    return true;
  } catch (err) {
    opts.logger.warn(
      { err, subject, msgId: opts.msgId, ...opts.fields },
      `event not published${opts.note ? `; ${opts.note}` : ''}`,
    );
    return false;
  }
}
