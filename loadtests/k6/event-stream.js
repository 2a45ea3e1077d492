// k6: event-stream subscribers. `subscribers` are real browsers (k6/browser, chromium): each VU opens
// a page on the BFF's origin and STREAMS_PER_VU EventSource connections to GET /api/events, as the
// canvas page does, and measures for each `pixels` event the time from its commit (`committedAt`, the
// canvas service's clock: same machine on loopback) to its arrival in the page. Meanwhile
// `committers` buy single pixels on the sandbox provider at COMMIT_RATE per second (lib/purchase.js,
// one trace per purchase), so commits flow while the streams are open.
//
//   k6 run -e BASE_URL=http://127.0.0.1:8080 -e SUBSCRIBER_VUS=4 -e COMMIT_RATE=2 loadtests/k6/event-stream.js
//
// The BFF allows 16 event streams per client address (bff/src/hardening/stream-cap.ts) and a browser
// at most 6 HTTP/1.1 connections per origin (so STREAMS_PER_VU is at most 5). For more than 16 streams
// from one machine, run the BFF with TRUST_PROXY=127.0.0.1 (a test-only setting here) and FORWARDED=1:
// each subscriber VU then sends its own X-Forwarded-For address (10.77.x.y).
import { browser } from 'k6/browser';
import { check, fail } from 'k6';
import exec from 'k6/execution';
import { Counter, Trend } from 'k6/metrics';
import { BASE_URL, Session, activeCanvasIndex, positiveNumber } from './lib/api.js';
import { buyPixels, lockBoard } from './lib/purchase.js';
import { PIXELS_PER_BOARD, pixelAtOffset } from './lib/grid.js';
import { LIVE_EVENT, LIVE_EVENTS_PATH } from './lib/live.js';

const SUBSCRIBER_VUS = Math.floor(positiveNumber(__ENV.SUBSCRIBER_VUS, 4));
const STREAMS_PER_VU = Math.min(5, Math.floor(positiveNumber(__ENV.STREAMS_PER_VU, 4)));
const COMMIT_RATE = positiveNumber(__ENV.COMMIT_RATE, 2);
const HOLD_SECONDS = Math.floor(positiveNumber(__ENV.HOLD_SECONDS, 60));
const FORWARDED = __ENV.FORWARDED === '1';

const delay = new Trend('event_delay', true);
const received = new Counter('events_received');
const opened = new Counter('streams_opened');
const streamErrors = new Counter('stream_errors');
const commits = new Counter('commits_made');

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    subscribers: {
      executor: 'per-vu-iterations',
      exec: 'subscribe',
      vus: SUBSCRIBER_VUS,
      iterations: 1,
      maxDuration: `${HOLD_SECONDS + 60}s`,
      options: { browser: { type: 'chromium' } },
    },
    committers: {
      executor: 'constant-arrival-rate',
      exec: 'commit',
      rate: COMMIT_RATE,
      timeUnit: '1s',
      startTime: '10s',
      duration: `${Math.max(10, HOLD_SECONDS - 20)}s`,
      preAllocatedVUs: Math.max(2, Math.ceil(COMMIT_RATE)),
      maxVUs: Math.max(4, Math.ceil(COMMIT_RATE * 4)),
    },
  },
  thresholds: {
    checks: ['rate>0.99'],
    // issue 13: commit to browser, p99 under 250 ms
    event_delay: ['p(50)<100', 'p(99)<250'],
    events_received: ['count>0'],
    streams_opened: ['count>0'],
    stream_errors: ['count<1'],
    commits_made: ['count>0'],
  },
};

/** @returns {{ canvasIndex: number }} */
export function setup() {
  return { canvasIndex: activeCanvasIndex() };
}

/**
 * Runs in the page: opens the streams at `path`, collects the commit-to-arrival delays of each
 * `event` until `holdMs` passed. Serialised into the page, so it sees only its argument.
 * @param {{ streams: number, holdMs: number, path: string, event: string }} arg
 * @returns {Promise<{ delays: number[], opened: number, errors: number }>}
 */
function listen({ streams, holdMs, path, event }) {
  /** @type {any} */
  const g = globalThis;
  return new Promise((resolve) => {
    /** @type {number[]} */
    const delays = [];
    let open = 0;
    let errors = 0;
    /** @type {any[]} */
    const sources = [];
    for (let i = 0; i < streams; i++) {
      const es = new g.EventSource(path);
      es.onopen = () => open++;
      es.onerror = () => errors++;
      es.addEventListener(event, (/** @type {{ data: string }} */ e) => {
        const at = JSON.parse(e.data).committedAt;
        if (typeof at === 'number') delays.push(Date.now() - at);
      });
      sources.push(es);
    }
    g.setTimeout(() => {
      for (const s of sources) s.close();
      resolve({ delays, opened: open, errors });
    }, holdMs);
  });
}

export async function subscribe() {
  const vu = exec.vu.idInTest;
  const context = await browser.newContext(
    FORWARDED ? { extraHTTPHeaders: { 'X-Forwarded-For': `10.77.${(vu >> 8) & 255}.${vu & 255}` } } : {},
  );
  const page = await context.newPage();
  try {
    const res = await page.goto(`${BASE_URL}/healthz`);
    check(res, { 'page: opened on the BFF origin': (r) => r !== null && r.status() === 200 });
    const out = await page.evaluate(listen, {
      streams: STREAMS_PER_VU,
      holdMs: HOLD_SECONDS * 1000,
      path: LIVE_EVENTS_PATH,
      event: LIVE_EVENT.pixels,
    });
    check(out, { 'streams: every one opened': (o) => o.opened === STREAMS_PER_VU });
    opened.add(out.opened);
    streamErrors.add(out.errors);
    received.add(out.delays.length);
    for (const d of out.delays) delay.add(d);
  } finally {
    await page.close();
    await context.close();
  }
}

/** This committer VU's user, board and next pixel. */
/** @type {{ s: Session, board: number, next: number, locked: boolean } | undefined} */
let me;

/** One single-pixel purchase. @param {{ canvasIndex: number }} data */
export function commit(data) {
  const vu = exec.vu.idInTest;
  // boards from 400 down, one per committer VU (apart from purchase.js's, which start at 624)
  if (!me) me = { s: new Session(vu), board: 400 - (vu % 200), next: 0, locked: false };
  const st = me;
  if (st.next >= PIXELS_PER_BOARD) fail(`committer ${vu} bought its board out`);
  if (!st.locked) {
    const got = lockBoard(st.s, data.canvasIndex, st.board);
    check(got, { 'lock: committer board': (g) => g === 'ok' });
    if (got !== 'ok') return;
    st.locked = true;
  }
  const o = st.next++;
  const r = buyPixels(st.s, data.canvasIndex, st.board, [{ ...pixelAtOffset(o), color: '#7B68EE' }]);
  if (r.outcome === 'saved') commits.add(1);
  else if (r.outcome === 'lock') st.locked = false;
  check(r, { 'commit: saved, or refused before paying': (x) => x.outcome !== 'failed' });
}
