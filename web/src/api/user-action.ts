// One W3C trace per user action (lock, pay, save, vote): every request the action sends carries the
// same `traceparent`, so the BFF continues one trace for all of them (its request span is a child of
// the action), and the next action gets a new trace id.
//
// The page records no spans of its own, so the header's sampled flag is 00 ("the caller recorded
// nothing"): the BFF's sampler decides (parent-based: a remote parent that did not record is decided
// by the root sampler, the chart's telemetry.sampleRatio, on the trace id, the same way for every
// request of the action). The header is same-origin (the SPA calls its own origin's /api), so no CORS
// preflight is involved, and the CSP's connect-src governs where requests go, not their headers.

/** The user actions that get a trace of their own. */
export type UserActionName = 'lock' | 'pay' | 'save' | 'vote';

export const TRACEPARENT_HEADER = 'traceparent';

export interface UserAction {
  readonly name: UserActionName;
  /** 32 lower-case hex digits, not all zero. */
  readonly traceId: string;
  /** The action's own span id (16 hex digits): the parent of every request span of the action. */
  readonly spanId: string;
  /** `00-{traceId}-{spanId}-00`, sent on every request of the action. */
  readonly traceparent: string;
}

export type RandomBytes = (length: number) => Uint8Array;

const cryptoBytes: RandomBytes = (length) => globalThis.crypto.getRandomValues(new Uint8Array(length));

/** `length` random bytes as hex; W3C forbids an all-zero id, so one is drawn again. */
function randomHex(length: number, random: RandomBytes): string {
  for (;;) {
    const bytes = random(length);
    if (bytes.length !== length) throw new Error(`expected ${length} random bytes`);
    if (bytes.some((b) => b !== 0)) return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  }
}

/** A new action with a new trace id and span id. */
export function startUserAction(name: UserActionName, random: RandomBytes = cryptoBytes): UserAction {
  const traceId = randomHex(16, random);
  const spanId = randomHex(8, random);
  return { name, traceId, spanId, traceparent: `00-${traceId}-${spanId}-00` };
}

/** The headers that put a request into `action`'s trace. */
export function actionHeaders(action: UserAction): Record<string, string> {
  return { [TRACEPARENT_HEADER]: action.traceparent };
}

/** Matches a version-00 traceparent: trace id, parent span id and flags. */
export const TRACEPARENT_PATTERN = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
