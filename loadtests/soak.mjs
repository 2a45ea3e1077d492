// The soak: `npm run bench -- soak` (loadtests/README.md, "The soak"). A benchmark on demand, not
// part of `npm test`.
//
// Starts the stack as `npm start` runs it by default (one process, a thread per service;
// BENCH_THREADS=0 runs a process per service instead) on its own ports and data folder, then for
// BENCH_SOAK_MINUTES (default 30) runs a mix of ordinary use at once:
// - visitors reading: the active canvas, the pixels of random boards, the composite image;
// - live streams joining and leaving: up to BENCH_SOAK_STREAMS (default 60) streams of /api/events,
//   a few closed and new ones opened every second, each from its own loopback address (the BFF allows
//   16 streams per address; lib/event-streams.mjs);
// - buyers locking their boards and paying (testing/purchase-flow.mjs `buyPixels`, the sandbox card);
// - voters voting on a submission an artist uploaded at the start. Each voter buys a pixel first, so
//   the vote is open to them whether or not the vote asks for a bought pixel.
// Every BENCH_SOAK_SAMPLE_SECONDS (default 10) it samples the resident memory of every process of the
// stack (/proc) and prints a row: minute, RSS per process, total. At the end: the plateau check (the
// least-squares slope of the total over the last third of the load, lib/soak-report.mjs) and the
// stack's RSS at rest, BENCH_SOAK_REST_SECONDS (default 30) after the load ended, against 600 MB.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { BOARD_SIZE, PIXELS_PER_BOARD } from '@tessera/facts/grid';
import { startStack } from '../scripts/lib/launch-stack.mjs';
import { activeCanvas, api, rawGet, releaseLock, userApi } from './lib/bench-kit.mjs';
import { clientAddress, openEventStream } from './lib/event-streams.mjs';
import { intEnv } from './lib/harness.mjs';
import { stackProcesses } from '../testing/procs.mjs';
import { readProcess } from './lib/procstat.mjs';
import { buyPixels } from '../testing/purchase-flow.mjs';
import { memoryTable, soakVerdict, totalMb } from './lib/soak-report.mjs';

const say = (/** @type {string} */ m) => process.stdout.write(`${m}\n`);
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/** Renewals of a soak user's access token (it lives 15 minutes): BENCH_SOAK_RENEW_SECONDS, default 600. */
const RENEW_EVERY_MS = intEnv('BENCH_SOAK_RENEW_SECONDS', 600, 5, 840) * 1000;

/**
 * Renews `user`'s access token from its refresh cookie, then its CSRF token, as the web app does.
 * @param {string} baseUrl
 * @param {{ accessToken: string; csrfToken: string; cookie: string }} user
 */
async function renew(baseUrl, user) {
  const jar = new Map(
    user.cookie
      .split('; ')
      .filter((p) => p.includes('='))
      .map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]),
  );
  const absorb = (/** @type {Response} */ res) => {
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';', 1)[0] ?? '';
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    user.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  };
  const res = await fetch(`${baseUrl}/api/auth/refresh-cookie`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-CSRF-Token': user.csrfToken,
      Cookie: user.cookie,
      Origin: baseUrl,
    },
    body: '{}',
  });
  const body = /** @type {{ access_token?: string }} */ (await res.json().catch(() => ({})));
  if (res.status !== 200 || typeof body.access_token !== 'string')
    throw new Error(`renewal answered ${res.status}`);
  absorb(res);
  user.accessToken = body.access_token;
  const csrf = await fetch(`${baseUrl}/api/csrf/csrf-token`, { headers: { Cookie: user.cookie } });
  absorb(csrf);
  const token = /** @type {{ data?: { csrfToken?: string } }} */ (await csrf.json()).data?.csrfToken;
  if (typeof token === 'string') user.csrfToken = token;
}

/** RSS in MB of every process of the stack, by name (several of one name are summed). */
function rssByName(/** @type {string} */ dataDir) {
  /** @type {Record<string, number>} */
  const out = {};
  for (const { pid, name } of stackProcesses(dataDir)) {
    const p = readProcess(pid);
    if (p) out[name] = (out[name] ?? 0) + p.rssBytes / (1024 * 1024);
  }
  return out;
}

/** A small PNG for the artist's submission. */
function artwork() {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a6ea5' } })
    .png()
    .toBuffer();
}

/**
 * Uploads an artwork as `user` and submits it (the artist-selection flow); answers the submission id.
 * @param {string} baseUrl @param {import('./lib/bench-kit.mjs').BenchUser} user
 */
async function submitArtwork(baseUrl, user) {
  const image = await artwork();
  const form = await api(baseUrl, user, 'POST', '/api/artist-selection/upload-url', {
    filename: 'soak.png',
    contentType: 'image/png',
    fileSize: image.length,
  });
  if (form.status !== 200) throw new Error(`upload-url: ${form.status} ${JSON.stringify(form.json)}`);
  const { uploadUrl, fields, imageUrl } = form.json.data;
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, String(v));
  body.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'soak.png');
  const up = await fetch(`${baseUrl}${uploadUrl}`, { method: 'POST', body });
  if (up.status !== 201) throw new Error(`upload: ${up.status} ${await up.text()}`);
  const created = await api(baseUrl, user, 'POST', '/api/artist-selection/submissions', {
    title: 'Soak test artwork',
    description: 'Submitted by the soak benchmark.',
    imageUrl,
  });
  if (created.status !== 201)
    throw new Error(`submission: ${created.status} ${JSON.stringify(created.json)}`);
  return String(created.json.data.id);
}

/**
 * @param {{ signUpper: (baseUrl: string, tag: string) => () => Promise<any>, port: number, portBase: number }} opts
 * @returns {Promise<number>} the exit code
 */
export async function runSoak({ signUpper, port, portBase }) {
  const minutes = intEnv('BENCH_SOAK_MINUTES', 30, 1, 24 * 60);
  const sampleSeconds = intEnv('BENCH_SOAK_SAMPLE_SECONDS', 10, 1, 600);
  const restSeconds = intEnv('BENCH_SOAK_REST_SECONDS', 30, 0, 600);
  const maxStreams = intEnv('BENCH_SOAK_STREAMS', 60, 0, 2000);
  const threads = process.env.BENCH_THREADS !== '0';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-soak-'));
  const logFile = path.join(dataDir, 'stack.log');
  say(
    `tessera soak: ${minutes} min of mixed use, memory sampled every ${sampleSeconds} s; machine ${os.cpus().length} cores, ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} before the run`,
  );
  const stack = await startStack({
    port,
    portBase,
    dataDir,
    build: true,
    logLevel: 'info',
    env: { AUTH_RATE_LIMIT_SCALE: '100', TESSERA_PROCESS_PER_SERVICE: threads ? '0' : '1' },
    ready: 'health',
    output: { file: logFile },
    timeoutMs: 6 * 60_000,
  });
  const baseUrl = stack.url;
  say(
    `stack ready in ${stack.readySeconds.toFixed(1)} s at ${baseUrl}: ${threads ? "one process, a thread per service (npm start's default)" : 'a process per service'}, embedded stores, logs in ${logFile}`,
  );
  /** @type {Record<string, number>} */
  const counts = {
    reads: 0,
    readErrors: 0,
    orders: 0,
    orderErrors: 0,
    votes: 0,
    voteErrors: 0,
    votesLimited: 0,
    streamsOpened: 0,
    streamEvents: 0,
  };
  /** @type {string[]} */
  const firstErrors = [];
  /** @type {Record<string, number>} */
  const noted = {};
  // the first three errors of each kind (a kind that fails often must not hide another)
  const note = (/** @type {string} */ what, /** @type {unknown} */ err) => {
    noted[what] = (noted[what] ?? 0) + 1;
    if (noted[what] <= 3) firstErrors.push(`${what}: ${err instanceof Error ? err.message : String(err)}`);
  };
  try {
    const canvas = await activeCanvas(baseUrl);
    const signUp = signUpper(baseUrl, `soak${Date.now().toString(36)}`);
    const artist = await signUp();
    const submissionId = await submitArtwork(baseUrl, artist);
    const buyers = [];
    for (let i = 0; i < 3; i++) buyers.push(await signUp());
    const voters = [];
    for (let i = 0; i < 3; i++) voters.push(await signUp());
    // each voter buys a pixel first (a vote may need a bought pixel)
    for (const [i, v] of voters.entries())
      await buyPixels(userApi(baseUrl, v), { canvas, board: 500 + i, pixels: [{ x: 0, y: 0 }] });
    say(`set-up: an artist's submission (${submissionId}), 3 buyers, 3 voters who bought a pixel each`);

    let stop = false;
    const started = Date.now();
    // access tokens live 15 minutes: every user renews from the refresh cookie every 10, as the web
    // app does (without it every order and vote after minute 15 answered 401 TOKEN_EXPIRED)
    const renewing = setInterval(() => {
      for (const u of [artist, ...buyers, ...voters])
        renew(baseUrl, u).catch((/** @type {unknown} */ err) => note('renew', err));
    }, RENEW_EVERY_MS);
    /** @type {import('./lib/soak-report.mjs').MemorySample[]} */
    const samples = [];
    const sample = () => {
      const s = { seconds: (Date.now() - started) / 1000, rssMb: rssByName(dataDir) };
      samples.push(s);
      return s;
    };
    const first = sample();
    say(`\n${memoryTable([first]).split('\n').slice(0, 2).join('\n')}`);
    say(memoryTable([first]).split('\n')[2] ?? '');

    const readers = Array.from({ length: 4 }, async (_, r) => {
      let n = 0;
      while (!stop) {
        const board = (r * 97 + n * 31) % 625;
        const pathOf = [
          '/api/canvases/active',
          `/api/pixels/canvas/${canvas}/board/${board}`,
          `/api/canvas-composite/canvas/${canvas}/render?format=webp&scale=1&quality=95&grid=false&preview=${n % 2 === 0}`,
        ][n % 3];
        n++;
        try {
          const res = await rawGet(`${baseUrl}${pathOf}`, { 'accept-encoding': 'br' });
          if (res.status === 200) counts.reads++;
          else counts.readErrors++;
        } catch (err) {
          counts.readErrors++;
          note('read', err);
        }
        await sleep(50);
      }
    });
    const buying = [
      ...buyers.map((b, i) => ({ b, board: 520 + i })),
      ...voters.map((b, i) => ({ b, board: 500 + i })),
    ].map(async ({ b, board }, i) => {
      let n = 1; // voters bought pixel 0 already
      while (!stop) {
        try {
          // a board holds 2,401 pixels: a buyer who sold theirs out moves 3 boards on (buyers 520 to
          // 522, then 523 to 525, ...), so the whole run buys instead of meeting PIXEL_ALREADY_SOLD
          const k = Math.floor(n / PIXELS_PER_BOARD);
          const p = n % PIXELS_PER_BOARD;
          // one lock per user: the sold-out board's is released before the next board is locked
          if (p === 0 && k > 0) await releaseLock(baseUrl, b, canvas, board + (k - 1) * buyers.length);
          await buyPixels(userApi(baseUrl, b), {
            canvas,
            board: board + k * buyers.length,
            pixels: [{ x: p % BOARD_SIZE, y: Math.floor(p / BOARD_SIZE) }],
          });
          counts.orders++;
        } catch (err) {
          counts.orderErrors++;
          note('order', err);
        }
        n++;
        // buyers back to back, voters now and then
        await sleep(i < buyers.length ? 200 : 5000);
      }
    });
    const voting = voters.map(async (v) => {
      while (!stop) {
        try {
          const r = await api(baseUrl, v, 'POST', `/api/artist-selection/submissions/${submissionId}/vote`, {
            voteType: 1,
          });
          if (r.status === 200) counts.votes++;
          else if (r.status === 429)
            counts.votesLimited++; // the vote limit, answered as designed
          else {
            counts.voteErrors++;
            note('vote', `${r.status} ${JSON.stringify(r.json).slice(0, 200)}`);
          }
        } catch (err) {
          counts.voteErrors++;
          note('vote', err);
        }
        await sleep(2000);
      }
    });
    /** @type {{ close: () => void }[]} */
    const open = [];
    let address = 0;
    const churn = (async () => {
      while (!stop) {
        // a few leave, a few join: up to maxStreams open at once
        for (let k = 0; k < 3 && open.length > maxStreams / 2; k++)
          open.splice(Math.floor(Math.random() * open.length), 1)[0]?.close();
        for (let k = 0; k < 5 && open.length < maxStreams; k++) {
          try {
            const s = await openEventStream(`${baseUrl}/api/events`, {
              localAddress: clientAddress(address++ % 5000),
              onEvent: () => void counts.streamEvents++,
            });
            if (s.status === 200) {
              counts.streamsOpened++;
              open.push(s);
            } else s.close();
          } catch (err) {
            note('stream', err);
          }
        }
        await sleep(1000);
      }
      for (const s of open.splice(0)) s.close();
    })();
    const sampler = (async () => {
      while (!stop) {
        await sleep(sampleSeconds * 1000);
        const s = sample();
        say(memoryTable([s]).split('\n')[2] ?? '');
      }
    })();
    await sleep(minutes * 60_000);
    clearInterval(renewing);
    stop = true;
    await Promise.all([...readers, ...buying, ...voting, churn, sampler]);
    const loadSeconds = (Date.now() - started) / 1000;
    say(`\nload ended after ${(loadSeconds / 60).toFixed(1)} min: ${JSON.stringify(counts)}`);
    if (firstErrors.length) say(`first errors: ${firstErrors.join(' | ')}`);
    say(`\nresident memory over the load (MB):\n${memoryTable(samples)}`);
    say(`\nat rest: waiting ${restSeconds} s after the load`);
    await sleep(restSeconds * 1000);
    const rest = rssByName(dataDir);
    const restMb = totalMb({ seconds: 0, rssMb: rest });
    say(
      `at rest: ${Object.entries(rest)
        .map(([n, mb]) => `${n} ${mb.toFixed(0)} MB`)
        .join(', ')}`,
    );
    for (const line of soakVerdict(samples, restMb)) say(line);
    return 0;
  } catch (err) {
    say(`soak FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 1;
  } finally {
    const r = await stack.stop();
    say(`stack stopped in ${r.seconds.toFixed(1)} s`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
