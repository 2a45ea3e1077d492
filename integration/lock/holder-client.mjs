// A lock holder as its own OS process (so the test can SIGSTOP it): takes the board, reserves two
// pixels under its fencing token, prints {"event":"locked"}, then on the stdin line "go" tries to
// release, extend, reserve and commit with that same lock and prints what each answered.
// argv: lockUrl canvasUrl canvasIndex boardIndex userId
import readline from 'node:readline';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { LockService } from '@tessera/proto/tessera/lock/v1/lock_pb.js';
import { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';

const [lockUrl, canvasUrl, c, b, userId] = process.argv.slice(2);
const canvasIndex = Number(c);
const boardIndex = Number(b);
const lock = createClient(LockService, createConnectTransport({ baseUrl: lockUrl, httpVersion: '2' }));
const canvas = createClient(CanvasService, createConnectTransport({ baseUrl: canvasUrl, httpVersion: '2' }));
const out = (o) => process.stdout.write(`${JSON.stringify(o)}\n`);
const codeOf = async (p) => {
  try {
    return { ok: true, value: await p };
  } catch (err) {
    return { ok: false, code: err.code, message: err.rawMessage ?? String(err) };
  }
};

const acquired = await lock.acquireLock({
  canvasIndex,
  boardIndex,
  userId,
  username: userId,
  durationMinutes: 1,
});
if (acquired.result.case !== 'lock') {
  out({ event: 'refused' });
  process.exit(1);
}
const fencingToken = acquired.result.value.fencingToken;
await canvas.reservePixels({
  orderId: `${userId}-o1`,
  userId,
  canvasIndex,
  boardIndex,
  fencingToken,
  pixels: [
    { x: 1, y: 1, isDefault: true },
    { x: 2, y: 2, isDefault: true },
  ],
});
out({ event: 'locked', fencingToken });

const rl = readline.createInterface({ input: process.stdin });
for await (const line of rl) {
  if (line.trim() !== 'go') continue;
  const release = await codeOf(
    lock.releaseLock({ canvasIndex, boardIndex, userId, explicit: true, fencingToken }),
  );
  const extend = await codeOf(lock.extendLock({ canvasIndex, boardIndex, userId, fencingToken }));
  const reserve = await codeOf(
    canvas.reservePixels({
      orderId: `${userId}-o2`,
      userId,
      canvasIndex,
      boardIndex,
      fencingToken,
      pixels: [{ x: 1, y: 1, isDefault: true }],
    }),
  );
  const commit = await codeOf(canvas.commitOrder({ orderId: `${userId}-o1`, canvasIndex, boardIndex }));
  out({
    event: 'results',
    released: release.ok ? release.value.released : release,
    extended: extend.ok ? extend.value.lock !== undefined : extend,
    reserve: reserve.ok ? 'reserved' : reserve.code,
    commit: commit.ok ? 'committed' : commit.code,
  });
  break;
}
process.exit(0);
