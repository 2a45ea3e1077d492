// k6: the read-heavy canvas path (product spec section 7). The `browse` scenario is a page view at a
// given arrival rate: GET /api/canvases/active, the composite render
// (GET /api/canvas-composite/canvas/{c}/render?format=webp&scale=1&quality=95&grid=false&preview=..&t=..,
// with t changing every 30 s like the web client's image cache) and one board's pixels
// (GET /api/pixels/canvas/{c}/board/{b}). The `find_pixel` scenario signs in and asks for a random
// available pixel (GET /api/pixels/available/random?canvas_index={c}; 404 = sold out, not an error).
//
//   k6 run -e BASE_URL=http://127.0.0.1:8080 -e RATE=50 -e DURATION=2m loadtests/k6/pixel-path.js
import http from 'k6/http';
import { check } from 'k6';
import exec from 'k6/execution';
import { BASE_URL, Session, activeCanvasIndex, jsonValue, params } from './lib/api.js';

const BOARDS = 625;

/**
 * @param {string | undefined} raw
 * @param {number} fallback
 */
function positiveNumber(raw, fallback) {
  const n = Number(raw);
  return raw !== undefined && raw !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

const RATE = Math.floor(positiveNumber(__ENV.RATE, 20));
const FIND_RATE = Math.floor(positiveNumber(__ENV.FIND_RATE, 2));
const DURATION = __ENV.DURATION || '2m';

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    browse: {
      executor: 'ramping-arrival-rate',
      startRate: 0,
      timeUnit: '1s',
      preAllocatedVUs: Math.max(10, RATE),
      maxVUs: Math.max(50, RATE * 4),
      stages: [
        { duration: '20s', target: RATE },
        { duration: DURATION, target: RATE },
        { duration: '20s', target: 0 },
      ],
    },
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
    'http_req_duration{endpoint:pixels}': ['p(95)<250', 'p(99)<600'],
    'http_req_duration{endpoint:render}': ['p(95)<500', 'p(99)<1500'],
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
  const active = http.get(`${BASE_URL}/api/canvases/active`, params('active', 'GET /api/canvases/active'));
  check(active, {
    'active: 200': (r) => r.status === 200,
    'active: has canvas': (r) => typeof jsonValue(r, 'data.0.canvas_index') === 'number',
  });

  const t = Math.floor(Date.now() / 30_000) * 30_000;
  const preview = Math.random() < 0.2;
  const render = http.get(
    `${BASE_URL}/api/canvas-composite/canvas/${c}/render?format=webp&scale=1&quality=95&grid=false&preview=${preview}&t=${t}`,
    { ...params('render', 'GET /api/canvas-composite/canvas/{canvas}/render'), responseType: 'none' },
  );
  check(render, {
    'render: 200': (r) => r.status === 200,
    'render: image': (r) => /^image\//.test(String(r.headers['Content-Type'] ?? '')),
  });

  const board = Math.floor(Math.random() * BOARDS);
  const pixels = http.get(
    `${BASE_URL}/api/pixels/canvas/${c}/board/${board}`,
    params('pixels', 'GET /api/pixels/canvas/{canvas}/board/{board}'),
  );
  check(pixels, {
    'pixels: 200': (r) => r.status === 200,
    'pixels: array': (r) => Array.isArray(jsonValue(r, 'data')),
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
        Number(x) < 49 &&
        Number(y) < 49 &&
        Number(b) < BOARDS
      );
    },
  });
}
