// k6: board reads, GET /api/pixels/canvas/{c}/board/{b} (the editor and every board view), as a
// browser makes them: with Accept-Encoding, and revalidating with If-None-Match once it holds the
// board's ETag (304 when the board is unchanged, 200 with the new pixels when it changed). Most reads
// go to a few hot boards (HOT_SHARE of them to HOT_BOARDS boards), the rest to any board, so both the
// BFF's cache hits and its misses are measured. Each read is a trace of its own (traceparent).
//
//   k6 run -e BASE_URL=http://127.0.0.1:8080 -e RATE=100 -e DURATION=2m loadtests/k6/board-reads.js
import http from 'k6/http';
import { check } from 'k6';
import { Rate } from 'k6/metrics';
import { BASE_URL, activeCanvasIndex, jsonValue, params, positiveNumber } from './lib/api.js';
import { PIXELS_PER_BOARD, TOTAL_BOARDS } from './lib/grid.js';
import { rampingArrival } from './lib/options.js';

const BOARDS = TOTAL_BOARDS;
const RATE = Math.floor(positiveNumber(__ENV.RATE, 50));
const DURATION = __ENV.DURATION || '2m';
const HOT_BOARDS = Math.min(BOARDS, Math.floor(positiveNumber(__ENV.HOT_BOARDS, 8)));
const HOT_SHARE = Math.min(1, positiveNumber(__ENV.HOT_SHARE, 0.8));

const notModified = new Rate('board_not_modified');

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    reads: rampingArrival(RATE, DURATION, {
      preAllocatedVUs: Math.max(10, RATE / 2),
      maxVUs: Math.max(50, RATE * 2),
    }),
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    dropped_iterations: ['count<10'],
    'http_req_duration{endpoint:pixels}': ['p(95)<250', 'p(99)<600'],
    'http_req_duration{endpoint:revalidate}': ['p(95)<100', 'p(99)<300'],
    // revalidations of boards nobody bought on meanwhile are answered 304 without a body
    board_not_modified: ['rate>0.5'],
  },
};

/** @returns {{ canvasIndex: number }} */
export function setup() {
  return { canvasIndex: activeCanvasIndex() };
}

/** ETags this VU has seen, by board (a browser's HTTP cache). @type {Map<number, string>} */
const etags = new Map();

/** @param {{ canvasIndex: number }} data */
export default function (data) {
  const board =
    Math.random() < HOT_SHARE
      ? Math.floor(Math.random() * HOT_BOARDS)
      : HOT_BOARDS + Math.floor(Math.random() * (BOARDS - HOT_BOARDS));
  const url = `${BASE_URL}/api/pixels/canvas/${data.canvasIndex}/board/${board}`;
  const known = etags.get(board);
  const name = 'GET /api/pixels/canvas/{canvas}/board/{board}';
  const accept = { 'Accept-Encoding': 'br, gzip' };
  const res = http.get(url, {
    ...(known
      ? params('revalidate', name, { ...accept, 'If-None-Match': known })
      : params('pixels', name, accept)),
    responseCallback: http.expectedStatuses(200, 304),
  });
  if (known) notModified.add(res.status === 304);
  check(res, {
    'pixels: 200 or 304': (r) => r.status === 200 || (known !== undefined && r.status === 304),
    'pixels: has an ETag': (r) => typeof r.headers.Etag === 'string' || typeof r.headers.ETag === 'string',
    'pixels: a whole board of them when sent': (r) =>
      r.status === 304 || jsonValue(r, 'data.#') === PIXELS_PER_BOARD,
  });
  const etag = res.headers.Etag ?? res.headers.ETag;
  if (typeof etag === 'string') etags.set(board, etag);
}
