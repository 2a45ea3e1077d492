// k6: the board-lock path (product spec section 7) for signed-in users. Each VU signs in
// (POST /api/auth/login with a CSRF token from GET /api/csrf/csrf-token; registers on first run),
// then repeats: acquire (POST /api/boards/{c}/{b}/lock), status (GET .../status), extend (PUT .../lock),
// release (DELETE .../lock?explicit=true). VU n works on board (n - 1) mod 625, so up to 625 VUs never
// contend; more VUs show up as lock_conflicts.
//
//   k6 run -e BASE_URL=http://127.0.0.1:8080 -e VUS=20 -e DURATION=2m loadtests/k6/lock-path.js
import http from 'k6/http';
import { check, group, sleep } from 'k6';
import exec from 'k6/execution';
import { Rate, Trend } from 'k6/metrics';
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

const VUS = Math.floor(positiveNumber(__ENV.VUS, 20));
const DURATION = __ENV.DURATION || '2m';
const THINK_SECONDS = positiveNumber(__ENV.THINK_SECONDS, 1);

const lockConflicts = new Rate('lock_conflicts');
const lockCycle = new Trend('lock_cycle_duration', true);

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    lock_cycle: {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: '20s', target: VUS },
        { duration: DURATION, target: VUS },
        { duration: '20s', target: 0 },
      ],
      gracefulRampDown: '30s',
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    'http_req_duration{endpoint:acquire}': ['p(95)<300', 'p(99)<1000'],
    'http_req_duration{endpoint:status}': ['p(95)<200'],
    'http_req_duration{endpoint:extend}': ['p(95)<300'],
    'http_req_duration{endpoint:release}': ['p(95)<300'],
    lock_conflicts: ['rate<0.01'],
    lock_cycle_duration: ['p(95)<1200'],
  },
};

/** @returns {{ canvasIndex: number }} */
export function setup() {
  return { canvasIndex: activeCanvasIndex() };
}

/** @type {Session | undefined} */
let session;

/**
 * Releases the caller's lock named by a 409 existing_lock answer (left by an interrupted iteration).
 * @param {Session} s
 * @param {import('k6/http').RefinedResponse<import('k6/http').ResponseType | undefined>} res
 */
function releaseExistingLock(s, res) {
  const board = jsonValue(res, 'existingLock.boardIndex') ?? jsonValue(res, 'data.existingLock.boardIndex');
  const canvas =
    jsonValue(res, 'existingLock.canvasIndex') ?? jsonValue(res, 'data.existingLock.canvasIndex');
  if (typeof board !== 'number' || typeof canvas !== 'number') return;
  http.del(
    `${BASE_URL}/api/boards/${canvas}/${board}/lock?explicit=true`,
    null,
    params('release', 'DELETE /api/boards/{canvas}/{board}/lock', s.writeHeaders()),
  );
}

/** @param {{ canvasIndex: number }} data */
export default function (data) {
  if (!session) session = new Session(exec.vu.idInTest);
  const s = session;
  const board = (exec.vu.idInTest - 1) % BOARDS;
  const lockUrl = `${BASE_URL}/api/boards/${data.canvasIndex}/${board}/lock`;

  group('lock cycle', () => {
    const acquire = http.post(lockUrl, JSON.stringify({ duration: 5 }), {
      ...params('acquire', 'POST /api/boards/{canvas}/{board}/lock', s.writeHeaders()),
      responseCallback: http.expectedStatuses({ min: 200, max: 299 }, 409),
    });
    lockConflicts.add(acquire.status === 409);
    if (acquire.status === 409) {
      releaseExistingLock(s, acquire);
      return;
    }
    check(acquire, {
      'acquire: 2xx': (r) => r.status >= 200 && r.status < 300,
      'acquire: success': (r) => jsonValue(r, 'success') === true,
    });

    const status = http.get(
      `${BASE_URL}/api/boards/${data.canvasIndex}/${board}/status`,
      params('status', 'GET /api/boards/{canvas}/{board}/status', s.readHeaders()),
    );
    check(status, {
      'status: 200': (r) => r.status === 200,
      'status: locked': (r) => jsonValue(r, 'data.isLocked') === true,
    });

    sleep(THINK_SECONDS);

    const extend = http.put(
      lockUrl,
      JSON.stringify({ duration: 5 }),
      params('extend', 'PUT /api/boards/{canvas}/{board}/lock', s.writeHeaders()),
    );
    check(extend, {
      'extend: 2xx': (r) => r.status >= 200 && r.status < 300,
      'extend: has lock.expiresAt': (r) => {
        const at = jsonValue(r, 'lock.expiresAt');
        return typeof at === 'string' || typeof at === 'number';
      },
    });

    const release = http.del(
      `${lockUrl}?explicit=true`,
      null,
      params('release', 'DELETE /api/boards/{canvas}/{board}/lock', s.writeHeaders()),
    );
    check(release, { 'release: 2xx': (r) => r.status >= 200 && r.status < 300 });

    lockCycle.add(
      acquire.timings.duration + status.timings.duration + extend.timings.duration + release.timings.duration,
    );
  });

  sleep(THINK_SECONDS * (0.5 + Math.random()));
}
