/**
 * The live stream between the BFF and the web app, defined once: where it is served and the names of
 * its Server-Sent Events. A lock event is named `lock:<kind>`, its kinds being those of the bus's lock
 * subjects (`tessera.lock.<kind>`), so a kind added to the subjects is a live event with no second list.
 * What each event carries is described with its producer (bff/src/canvas/live-events.ts). Pure: no
 * I/O, no Node API (the web bundle imports it).
 */
import { LOCK_SUBJECT_PREFIX, SUBJECTS, type Subject } from './subjects.js';

/** The stream's path on the BFF (the browser opens it with EventSource, outside the API client). */
export const LIVE_EVENTS_PATH = '/api/events';

/** The events that are not about locks. */
export const LIVE_EVENT = {
  /** A board's sold (or moderation-reset) pixels. */
  pixels: 'pixels',
  /** Another canvas became the active one. */
  canvasActivated: 'canvas:activated',
  /** The stream's canvas sold its last pixel. */
  canvasSoldOut: 'canvas:soldout',
} as const;

type Prefix = typeof LOCK_SUBJECT_PREFIX;

// Distributes over the union of subjects: each lock subject gives its kind, any other nothing.
type KindOf<S> = S extends `${Prefix}${infer Kind}` ? Kind : never;

/** acquired, released, extended, expired, warning: the rest of each lock subject. */
export type LockEventKind = KindOf<Subject>;

/** The live event of a lock kind. */
export type LockEventName = `lock:${LockEventKind}`;

const LOCK_EVENT_PREFIX = 'lock:';

/** Every lock kind, in the order of the subjects. */
export const LOCK_EVENT_KINDS: readonly LockEventKind[] = Object.values(SUBJECTS).flatMap((subject) =>
  subject.startsWith(LOCK_SUBJECT_PREFIX) ? [subject.slice(LOCK_SUBJECT_PREFIX.length) as LockEventKind] : [],
);

export function isLockEventKind(value: string): value is LockEventKind {
  return (LOCK_EVENT_KINDS as readonly string[]).includes(value);
}

/** `expired` -> `lock:expired`. */
export function lockEventName(kind: LockEventKind): LockEventName {
  return `${LOCK_EVENT_PREFIX}${kind}`;
}

/** Every lock event's name (what a listener of all lock changes subscribes to). */
export const LOCK_EVENT_NAMES: readonly LockEventName[] = LOCK_EVENT_KINDS.map(lockEventName);

/** `lock:expired` -> `expired`; null for any other event name. */
export function lockEventKindOf(name: string): LockEventKind | null {
  if (!name.startsWith(LOCK_EVENT_PREFIX)) return null;
  const kind = name.slice(LOCK_EVENT_PREFIX.length);
  return isLockEventKind(kind) ? kind : null;
}
