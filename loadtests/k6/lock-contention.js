// k6: lock contention on a few hot boards. Every virtual user (VU) is a signed-in user (login, or
// register on the first run) who keeps trying to lock one of HOT_BOARDS boards:
//   POST /api/boards/{c}/{b}/lock {duration: 5}  -> 200 (the VU holds it) or 409 (someone else does)
// and, holding it: GET .../status (must show the board locked by this user), PUT .../lock (extend:
// the answer carries lock.expiresAt), a pause of HOLD_SECONDS, DELETE .../lock?explicit=true
// (released: true). A 409 naming the VU's own lock elsewhere (left over from an interrupted run)
// releases that one. The checks verify the lock service's promise under contention: a 200 always
// means this user is the holder. Each cycle is one trace (traceparent).
//
//   k6 run -e BASE_URL=http://127.0.0.1:8080 -e VUS=40 -e HOT_BOARDS=4 -e DURATION=2m loadtests/k6/lock-contention.js
import http from 'k6/http';
import { check, group, sleep } from 'k6';
import exec from 'k6/execution';
import { Counter, Rate, Trend } from 'k6/metrics';
import {
  BASE_URL,
  Session,
  activeCanvasIndex,
  jsonValue,
  newTrace,
  params,
  positiveNumber,
} from './lib/api.js';
import { TOTAL_BOARDS } from './lib/grid.js';
import { rampingVus } from './lib/options.js';

const VUS = Math.floor(positiveNumber(__ENV.VUS, 40));
const HOT_BOARDS = Math.min(TOTAL_BOARDS, Math.floor(positiveNumber(__ENV.HOT_BOARDS, 4)));
const HOLD_SECONDS = positiveNumber(__ENV.HOLD_SECONDS, 0.2);
const DURATION = __ENV.DURATION || '2m';

const won = new Rate('lock_won');
const conflicts = new Counter('lock_conflicts');
const heldCycle = new Trend('lock_held_cycle_duration', true);

/** @type {import('k6/options').Options} */
export const options = {
  scenarios: {
    contention: rampingVus(VUS, DURATION),
  },
  thresholds: {
    // 409s are expected answers here (responseCallback), so any failure is a real one
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
    'http_req_duration{endpoint:acquire}': ['p(95)<300', 'p(99)<1000'],
    'http_req_duration{endpoint:status}': ['p(95)<200'],
    'http_req_duration{endpoint:extend}': ['p(95)<300'],
    'http_req_duration{endpoint:release}': ['p(95)<300'],
    // somebody gets the hot boards now and then: contention must not starve everyone
    lock_won: ['rate>0.01'],
    lock_conflicts: ['count>0'],
    lock_held_cycle_duration: ['p(95)<1500'],
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
  const board = jsonValue(res, 'existingLock.boardIndex');
  const canvas = jsonValue(res, 'existingLock.canvasIndex');
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
  const board = Math.floor(Math.random() * HOT_BOARDS);
  const lockUrl = `${BASE_URL}/api/boards/${data.canvasIndex}/${board}/lock`;
  const trace = newTrace();

  group('lock cycle', () => {
    const acquire = http.post(lockUrl, JSON.stringify({ duration: 5 }), {
      ...params('acquire', 'POST /api/boards/{canvas}/{board}/lock', s.writeHeaders(), trace),
      responseCallback: http.expectedStatuses({ min: 200, max: 299 }, 409),
    });
    won.add(acquire.status === 200);
    if (acquire.status === 409) {
      conflicts.add(1);
      const type = jsonValue(acquire, 'type');
      check(acquire, {
        'acquire: 409 says why': () => type === 'locked_by_other' || type === 'existing_lock',
      });
      if (type === 'existing_lock') releaseExistingLock(s, acquire);
      return;
    }
    check(acquire, {
      'acquire: 200': (r) => r.status === 200,
      'acquire: my lock on this board': (r) =>
        jsonValue(r, 'lock.boardIndex') === board && typeof jsonValue(r, 'lock.fencingToken') === 'number',
    });
    const me = jsonValue(acquire, 'lock.user_id');

    const status = http.get(
      `${BASE_URL}/api/boards/${data.canvasIndex}/${board}/status`,
      params('status', 'GET /api/boards/{canvas}/{board}/status', s.readHeaders(), trace),
    );
    check(status, {
      'status: 200': (r) => r.status === 200,
      'status: locked by me (one holder)': (r) =>
        jsonValue(r, 'data.isLocked') === true && jsonValue(r, 'data.lock.userId') === me,
    });

    const extend = http.put(
      lockUrl,
      JSON.stringify({ duration: 5 }),
      params('extend', 'PUT /api/boards/{canvas}/{board}/lock', s.writeHeaders(), trace),
    );
    check(extend, {
      'extend: 2xx': (r) => r.status >= 200 && r.status < 300,
      'extend: has lock.expiresAt': (r) => {
        const at = jsonValue(r, 'lock.expiresAt');
        return typeof at === 'string' || typeof at === 'number';
      },
    });

    sleep(HOLD_SECONDS);

    const release = http.del(
      `${lockUrl}?explicit=true`,
      null,
      params('release', 'DELETE /api/boards/{canvas}/{board}/lock', s.writeHeaders(), trace),
    );
    check(release, { 'release: released': (r) => r.status === 200 && jsonValue(r, 'released') === true });
    heldCycle.add(
      acquire.timings.duration + status.timings.duration + extend.timings.duration + release.timings.duration,
    );
  });
}
