/* global document, HTMLImageElement */
// The web app in chromium (playwright-core, /usr/bin/chromium) on loopback: /canvas in a fresh
// profile each run (cold cache), timed from navigation start until the page is interactive: the
// canvas heading shown and the live composite (CANVAS_SIZE square) loaded, so a board can be clicked.
// Initial JS = the scripts the page loaded by then: bytes on the wire (brotli, as chromium asks)
// and the same files gzipped (gzip -9, the figure the target names).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CANVAS_SIZE } from '@tessera/facts/grid';
import { round, row } from '../lib/bench-kit.mjs';
import { percentile } from '../lib/client.mjs';

export const name = 'web';
export const description =
  '/canvas in chromium: time to interactive (cold), initial JS (gzip and on the wire)';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.env.WEB_RUNS ?? 3);
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
];

async function once(ctx) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-web-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      sessionStorage.setItem(
        'tessera.canvas.tutorial',
        JSON.stringify({ seen: true, timestamp: Date.now(), version: '2.0.0', skipped: true }),
      );
    });
    await page.goto(`${ctx.baseUrl}/canvas`, { waitUntil: 'commit' });
    await page.waitForFunction((size) => {
      const img = document.querySelector('img.canvas-image[data-mode="live"]');
      return (
        document.querySelector('h1') !== null &&
        img instanceof HTMLImageElement &&
        img.complete &&
        img.naturalWidth === size
      );
    }, CANVAS_SIZE);
    return await page.evaluate(() => {
      const scripts = performance
        .getEntriesByType('resource')
        .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'));
      return {
        ms: performance.now(),
        scripts: scripts.map((e) => ({ url: e.name, wire: e.transferSize, body: e.encodedBodySize })),
      };
    });
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

export async function run(ctx) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(ctx));
  const last = runs.at(-1);
  const js = last.scripts.filter((s) => new URL(s.url).pathname.startsWith('/assets/'));
  let gzip = 0;
  let wire = 0;
  for (const s of js) {
    const file = path.join(root, 'web/dist', new URL(s.url).pathname);
    gzip += zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
    wire += s.body;
  }
  const times = runs.map((r) => r.ms);
  const p50 = percentile(times, 50);
  ctx.log(
    `/canvas interactive (ms, cold): ${times.map((t) => t.toFixed(0)).join(' ')}; ${js.length} scripts, ${(gzip / 1024).toFixed(1)} KB gzip, ${(wire / 1024).toFixed(1)} KB on the wire`,
  );
  return {
    rows: [
      row({
        row: 'web: initial JS of /canvas (gzip -9)',
        figure: round(gzip / 1024),
        unit: `KB (${js.length} files; ${round(wire / 1024)} KB brotli on the wire)`,
        target: '< 250 KB gzip',
        met: gzip < 250 * 1024,
      }),
      row({
        row: 'web: /canvas interactive in chromium (cold)',
        figure: round(p50, 0),
        unit: `ms p50 of ${RUNS}`,
        p50: round(p50, 0),
        p99: round(percentile(times, 100), 0),
        target: '< 2000 ms',
        met: p50 !== null && p50 < 2000,
      }),
    ],
  };
}
