/**
 * The renderer's limits on the whole product as `npm start` runs it (built processes, the embedded
 * broker, the demo canvas; free ports and a data folder of its own):
 * - eight concurrent composite requests, each with a parameter the web app never sends (issue 9's
 *   attack: scale 4 with different qualities, and the other disallowed values), all get 400 and the
 *   renderer's memory does not move;
 * - eight concurrent cold renders of what the web app does send (webp, scale 1, quality 95, live and
 *   preview) all answer 200 within the BFF's deadline while the renderer's resident memory is sampled
 *   every 10 ms from /proc: its peak stays under the chart's limit (1536 MiB, helm/tessera/values.yaml).
 * Figures are printed; nothing is timed. Needs `npm run build` first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stackProcesses } from '../../testing/procs.mjs';
import { startStack, type RunningStack } from '../../scripts/lib/launch-stack.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LIMIT_MB = 1536;
const built = fs.existsSync(path.join(ROOT, 'services/renderer/dist/main.js'));

let stack: RunningStack | undefined;
let base = '';
let rendererPid = 0;
let canvas = 0;

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/** The renderer process of this stack (its environment carries the stack's DATA_DIR). */
function findRenderer(): number {
  const renderer = stackProcesses(stack!.dataDir).find((p) => p.name === 'renderer');
  if (!renderer) throw new Error('renderer process not found');
  return renderer.pid;
}

/** Samples the renderer's RSS every 10 ms while `work` runs. */
async function sampled<T>(work: () => Promise<T>): Promise<{ result: T; before: number; peak: number }> {
  const before = rssMb(rendererPid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(rendererPid))), 10);
  try {
    const result = await work();
    peak = Math.max(peak, rssMb(rendererPid));
    return { result, before, peak };
  } finally {
    clearInterval(timer);
  }
}

beforeAll(async () => {
  if (!built) return;
  // a process per service: the renderer's own resident memory is what is measured
  stack = await startStack({ env: { TESSERA_PROCESS_PER_SERVICE: '1' }, timeoutMs: 110_000 });
  base = stack.url;
  rendererPid = findRenderer();
  const active = (await (await fetch(`${base}/api/canvases/active`)).json()) as {
    data: { canvas_index: number }[];
  };
  canvas = active.data[0]!.canvas_index;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe.skipIf(!built)('renderer limits on the running product', () => {
  it('refuses eight concurrent renders with disallowed parameters with 400, and the renderer does not grow', async () => {
    const queries = [
      'format=webp&scale=4&quality=1',
      'format=webp&scale=4&quality=37',
      'format=webp&scale=4&quality=80',
      'format=webp&scale=4&quality=99',
      'format=webp&scale=4&quality=100',
      'format=png&scale=4',
      'format=webp&scale=1&quality=95&grid=true',
      'format=webp&scale=2&quality=95&preview=true',
    ];
    const { result, before, peak } = await sampled(() =>
      Promise.all(queries.map((q) => fetch(`${base}/api/canvas-composite/canvas/${canvas}/render?${q}`))),
    );
    console.log(
      `8 disallowed renders: ${result.map((r) => r.status).join(', ')}; renderer RSS ${before.toFixed(0)} MB -> peak ${peak.toFixed(0)} MB`,
    );
    expect(result.map((r) => r.status)).toEqual(queries.map(() => 400));
    for (const r of result) expect(((await r.json()) as { error: string }).error).toBe('VALIDATION_ERROR');
    expect(peak).toBeLessThan(LIMIT_MB);
  });

  it('answers eight concurrent cold renders of the page image while the renderer stays under its memory limit', async () => {
    const started = Date.now();
    const { result, before, peak } = await sampled(() =>
      Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const preview = i % 2 === 1;
          const res = await fetch(
            `${base}/api/canvas-composite/canvas/${canvas}/render?format=webp&scale=1&quality=95&grid=false&preview=${preview}&t=${started + i}`,
          );
          return {
            status: res.status,
            bytes: (await res.arrayBuffer()).byteLength,
            ms: Date.now() - started,
          };
        }),
      ),
    );
    console.log(
      `8 allowed cold renders: ${result.map((r) => `${r.status} ${r.bytes} B in ${r.ms} ms`).join('; ')}\n` +
        `renderer RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (limit ${LIMIT_MB} MiB)`,
    );
    expect(result.map((r) => r.status)).toEqual(result.map(() => 200));
    for (const r of result) expect(r.bytes).toBeGreaterThan(0);
    expect(peak).toBeLessThan(LIMIT_MB);
  });
});
