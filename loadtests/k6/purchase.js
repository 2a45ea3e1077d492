// k6: the purchase path on the sandbox provider, as the web app makes it (lib/purchase.js): create
// the payment intent, confirm it with the test card 4242 4242 4242 4242, save the pixels with
// purchaseInfo; the three calls of one purchase share one trace (traceparent). Every VU is a
// signed-in user holding its own board (VU n starts at board 625 - n and moves down by VUS boards
// when it has bought its board out), and buys PIXELS custom-colour pixels per order, in row order.
// A pixel sold before (an earlier run) is skipped: the intent is refused before paying (409
// PIXEL_ALREADY_SOLD), which is not an error.
//
//   k6 run -e BASE_URL=http://127.0.0.1:8080 -e VUS=16 -e PIXELS=1 -e DURATION=2m loadtests/k6/purchase.js
//
// The sandbox provider must be on (no STRIPE_* keys): POST /api/payments/sandbox/confirm answers 403 otherwise.
import { check, fail } from 'k6';
import exec from 'k6/execution';
import { Counter, Trend } from 'k6/metrics';
import { Session, activeCanvasIndex, positiveNumber } from './lib/api.js';
import { buyPixels, lockBoard } from './lib/purchase.js';
import { PIXELS_PER_BOARD, TOTAL_BOARDS, pixelAtOffset } from './lib/grid.js';
import { rampingVus } from './lib/options.js';

const BOARDS = TOTAL_BOARDS;
const VUS = Math.floor(positiveNumber(__ENV.VUS, 16));
const PIXELS = Math.min(PIXELS_PER_BOARD, Math.floor(positiveNumber(__ENV.PIXELS, 1)));
const DURATION = __ENV.DURATION || '2m';

const orders = new Counter('orders_saved');
const pixelsBought = new Counter('pixels_bought');
const skipped = new Counter('orders_refused_sold');
const failed = new Counter('orders_failed');
const orderTime = new Trend('order_duration', true);

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    buyers: rampingVus(VUS, DURATION, '10s'),
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    'http_req_duration{endpoint:intent}': ['p(95)<500'],
    'http_req_duration{endpoint:confirm}': ['p(95)<500'],
    'http_req_duration{endpoint:save}': ['p(95)<800'],
    order_duration: ['p(95)<1500', 'p(99)<3000'],
    orders_failed: ['count<1'],
    orders_saved: ['count>0'],
  },
};

/** @returns {{ canvasIndex: number }} */
export function setup() {
  return { canvasIndex: activeCanvasIndex() };
}

/** This VU's user, board and next pixel offset. */
/** @type {{ s: Session, board: number, next: number, locked: boolean } | undefined} */
let me;

/** @param {{ canvasIndex: number }} data */
export default function (data) {
  const vu = exec.vu.idInTest;
  if (!me) me = { s: new Session(vu), board: BOARDS - 1 - ((vu - 1) % BOARDS), next: 0, locked: false };
  const st = me;
  if (st.next + PIXELS > PIXELS_PER_BOARD) {
    st.board -= VUS; // this board is bought out as far as this VU goes: the next one of its column
    st.next = 0;
    st.locked = false;
    if (st.board < 0) fail(`VU ${vu} ran out of boards`);
  }
  if (!st.locked) {
    const got = lockBoard(st.s, data.canvasIndex, st.board);
    if (!check(got, { 'lock: my own board': (g) => g === 'ok' })) {
      st.board -= VUS;
      return;
    }
    st.locked = true;
  }
  const pixels = [];
  for (let i = 0; i < PIXELS; i++) {
    const o = st.next + i;
    pixels.push({ ...pixelAtOffset(o), color: vu % 2 ? '#1E90FF' : '#FF8C00' });
  }
  st.next += PIXELS;
  const r = buyPixels(st.s, data.canvasIndex, st.board, pixels);
  if (r.outcome === 'saved') {
    orders.add(1);
    pixelsBought.add(PIXELS);
    orderTime.add(r.ms);
  } else if (r.outcome === 'sold') skipped.add(1);
  else if (r.outcome === 'lock')
    st.locked = false; // the 30-minute lock ran out: take it again
  else failed.add(1, { step: r.step ?? 'unknown' });
  check(r, { 'order: saved, or refused before paying': (x) => x.outcome !== 'failed' });
}
