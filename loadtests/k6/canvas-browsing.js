// k6: canvas browsing (product spec section 7), the read-heavy path of every visitor. The `browse`
// scenario is a page view of /canvas at a given arrival rate: GET /api/canvases/active, the payment
// configuration, the composite image
// (GET /api/canvas-composite/canvas/{c}/render?format=webp&scale=1&quality=95&grid=false&preview=..&t=..,
// t changing every 30 s like the web client's image cache; 20% are previews), the lock icons
// (GET /api/boards/{c}/{b}/status of the board under the pointer) and one board's pixels. The
// `find_pixel` scenario signs in and asks for a random available pixel
// (GET /api/pixels/available/random?canvas_index={c}; 404 = sold out, not an error).
// Each page view is one trace (traceparent).
//
//   k6 run -e BASE_URL=http://127.0.0.1:8080 -e RATE=50 -e DURATION=2m loadtests/k6/canvas-browsing.js
import http from 'k6/http';
import { check } from 'k6';
import exec from 'k6/execution';
import {
  BASE_URL,
  Session,
  activeCanvasIndex,
  jsonValue,
  newTrace,
  params,
  positiveNumber,
} from './lib/api.js';
import { BOARD_SIZE, PIXELS_PER_BOARD, TOTAL_BOARDS } from './lib/grid.js';
import { rampingArrival } from './lib/options.js';

const BOARDS = TOTAL_BOARDS;
const RATE = Math.floor(positiveNumber(__ENV.RATE, 20));
const FIND_RATE = Math.floor(positiveNumber(__ENV.FIND_RATE, 2));
const DURATION = __ENV.DURATION || '2m';

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    browse: rampingArrival(RATE, DURATION, {
      preAllocatedVUs: Math.max(10, RATE),
      maxVUs: Math.max(50, RATE * 4),
    }),
    find_pixel: {
      executor: 'constant-arrival-rate',
      exec: 'findPixel',
      rate: FIND_RATE,
      timeUnit: '1s',
      duration: DURATION,
      startTime: '20s',
      preAllocatedVUs: Math.max(2, FIND_RATE),
      maxVUs: Math.max(10, FIND_RATE * 4),
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    dropped_iterations: ['count<10'],
    'http_req_duration{endpoint:active}': ['p(95)<150'],
    'http_req_duration{endpoint:config}': ['p(95)<150'],
    'http_req_duration{endpoint:render}': ['p(95)<500', 'p(99)<1500'],
    'http_req_duration{endpoint:status}': ['p(95)<200'],
    'http_req_duration{endpoint:pixels}': ['p(95)<250', 'p(99)<600'],
    'http_req_duration{endpoint:random}': ['p(95)<400'],
  },
};

/** @returns {{ canvasIndex: number }} */
export function setup() {
  return { canvasIndex: activeCanvasIndex() };
}

/** One page view of /canvas followed by opening a board. @param {{ canvasIndex: number }} data */
export default function (data) {
  const c = data.canvasIndex;
  const trace = newTrace();
  const active = http.get(
    `${BASE_URL}/api/canvases/active`,
    params('active', 'GET /api/canvases/active', {}, trace),
  );
  check(active, {
    'active: 200': (r) => r.status === 200,
    'active: has canvas': (r) => typeof jsonValue(r, 'data.0.canvas_index') === 'number',
  });
  const config = http.get(
    `${BASE_URL}/api/config/stripe`,
    params('config', 'GET /api/config/stripe', {}, trace),
  );
  check(config, { 'config: 200': (r) => r.status === 200 });

  const t = Math.floor(Date.now() / 30_000) * 30_000;
  const preview = Math.random() < 0.2;
  const render = http.get(
    `${BASE_URL}/api/canvas-composite/canvas/${c}/render?format=webp&scale=1&quality=95&grid=false&preview=${preview}&t=${t}`,
    {
      ...params('render', 'GET /api/canvas-composite/canvas/{canvas}/render', {}, trace),
      responseType: 'none',
    },
  );
  check(render, {
    'render: 200': (r) => r.status === 200,
    'render: image': (r) => /^image\//.test(String(r.headers['Content-Type'] ?? '')),
  });

  const board = Math.floor(Math.random() * BOARDS);
  const status = http.get(
    `${BASE_URL}/api/boards/${c}/${board}/status`,
    params('status', 'GET /api/boards/{canvas}/{board}/status', {}, trace),
  );
  check(status, {
    'status: 200': (r) => r.status === 200,
    'status: isLocked is a boolean': (r) => typeof jsonValue(r, 'data.isLocked') === 'boolean',
  });
  const pixels = http.get(
    `${BASE_URL}/api/pixels/canvas/${c}/board/${board}`,
    params('pixels', 'GET /api/pixels/canvas/{canvas}/board/{board}', {}, trace),
  );
  check(pixels, {
    'pixels: 200': (r) => r.status === 200,
    'pixels: a whole board of them': (r) => {
      const n = jsonValue(r, 'data.#');
      return n === PIXELS_PER_BOARD;
    },
  });
}

/** @type {Session | undefined} */
let session;

/** A signed-in user asks for a random unpurchased pixel. @param {{ canvasIndex: number }} data */
export function findPixel(data) {
  if (!session) session = new Session(exec.vu.idInTest);
  const res = http.get(`${BASE_URL}/api/pixels/available/random?canvas_index=${data.canvasIndex}`, {
    ...params('random', 'GET /api/pixels/available/random', session.readHeaders()),
    responseCallback: http.expectedStatuses(200, 404),
  });
  check(res, {
    'random: 200 or 404 (sold out)': (r) => r.status === 200 || r.status === 404,
    'random: pixel on a board': (r) => {
      if (r.status === 404) return true;
      const x = jsonValue(r, 'data.x');
      const y = jsonValue(r, 'data.y');
      const b = jsonValue(r, 'data.board_index');
      return (
        [x, y, b].every((v) => typeof v === 'number') &&
        Number(x) < BOARD_SIZE &&
        Number(y) < BOARD_SIZE &&
        Number(b) < BOARDS
      );
    },
  });
}
