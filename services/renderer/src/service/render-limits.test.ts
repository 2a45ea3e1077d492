import { describe, expect, it } from 'vitest';
import { ConnectError } from '@connectrpc/connect';
import { BUSY_MESSAGE, encodeCost, encodeGate } from './encode-gate.js';
import { ImageCache } from './image-cache.js';
import { RenderSchedule, type Snapshot } from './render-schedule.js';

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

/** A gate-checked fake encode: records how many run at once. */
function fakeEncoder(ms: number) {
  const stats = { running: 0, peak: 0, calls: 0 };
  const encode = async (raw: Buffer, _size?: number) => {
    stats.calls++;
    stats.running++;
    stats.peak = Math.max(stats.peak, stats.running);
    await tick(ms);
    stats.running--;
    return { data: Buffer.from(raw), contentType: 'image/webp' };
  };
  return { stats, encode };
}

describe('the encode gate', () => {
  it('runs at most maxConcurrent at once and sheds callers over the waiting line with SERVICE_UNAVAILABLE', async () => {
    const gate = encodeGate({ maxConcurrent: 2, maxQueued: 3 });
    const { stats, encode } = fakeEncoder(30);
    const runs = Array.from({ length: 8 }, () =>
      gate
        .run(() => encode(Buffer.from('x')), { cost: encodeCost(1225) })
        .then(
          () => 'ok',
          (err: unknown) => err,
        ),
    );
    const results = await Promise.all(runs);
    expect(stats.peak).toBe(2);
    expect(results.filter((r) => r === 'ok')).toHaveLength(5); // 2 running + 3 waiting
    const shed = results.filter((r) => r !== 'ok');
    expect(shed).toHaveLength(3);
    for (const err of shed) {
      expect(err).toBeInstanceOf(ConnectError);
      expect((err as ConnectError).rawMessage).toBe(BUSY_MESSAGE);
    }
    expect(gate.shed).toBe(3);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('admits by memory: by default two scale-4 composites run one after the other, two scale-1 ones together', async () => {
    const gate = encodeGate();
    const { stats, encode } = fakeEncoder(20);
    const both = (side: number) =>
      Promise.all([
        gate.run(() => encode(Buffer.from('a')), { cost: encodeCost(side) }),
        gate.run(() => encode(Buffer.from('b')), { cost: encodeCost(side) }),
      ]);
    await both(1225 * 4);
    expect(stats.peak).toBe(1);
    await both(1225);
    expect(stats.peak).toBe(2);
  });
});

describe('RenderSchedule', () => {
  /** A "frame" whose content is a version counter. */
  function frame() {
    const f = { version: 1 };
    const current = (): Snapshot => {
      const v = f.version;
      return { etag: `"v${v}"`, version: v, raster: () => ({ raw: Buffer.from(String(v)), size: 1 }) };
    };
    return { f, current };
  }

  it('coalesces identical in-flight renders into one encode', async () => {
    const schedule = new RenderSchedule(new ImageCache(), encodeGate(), 1000);
    const { current } = frame();
    const { stats, encode } = fakeEncoder(40);
    const images = await Promise.all(
      Array.from({ length: 8 }, () => schedule.image('fam', 1, current, encode)),
    );
    expect(stats.calls).toBe(1);
    expect(new Set(images.map((i) => i.etag))).toEqual(new Set(['"v1"']));
    // a cache hit encodes nothing
    await schedule.image('fam', 1, current, encode);
    expect(stats.calls).toBe(1);
  });

  it('encodes a family at most once per interval under a stream of changes, and each answer is as new as its request', async () => {
    const interval = 200;
    const schedule = new RenderSchedule(new ImageCache(), encodeGate(), interval);
    const { f, current } = frame();
    const { stats, encode } = fakeEncoder(5);
    const starts: number[] = [];
    const timed = async (raw: Buffer, size: number) => {
      starts.push(performance.now());
      return encode(raw, size);
    };
    const answers: Promise<void>[] = [];
    const started = performance.now();
    // a change and a request every 10 ms for 1.1 s
    while (performance.now() - started < 1100) {
      f.version++;
      const asked = f.version;
      answers.push(
        schedule.image('fam', 1, current, timed).then((img) => {
          expect(Number(img.etag.slice(2, -1))).toBeGreaterThanOrEqual(asked);
        }),
      );
      await tick(10);
    }
    await Promise.all(answers);
    const elapsed = performance.now() - started;
    console.log(`${answers.length} requests over ${Math.round(elapsed)} ms -> ${stats.calls} encodes`);
    // one encode per interval at most (plus the first, which starts at once)
    expect(stats.calls).toBeLessThanOrEqual(Math.ceil(elapsed / interval) + 1);
    for (let i = 1; i < starts.length; i++) {
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(interval - 2);
    }
  });

  it('keeps only the newest image of a family', async () => {
    const cache = new ImageCache();
    const schedule = new RenderSchedule(cache, encodeGate(), 0);
    const { f, current } = frame();
    const { encode } = fakeEncoder(1);
    await schedule.image('fam', 1, current, encode);
    f.version++;
    await schedule.image('fam', 1, current, encode);
    expect(cache.size().images).toBe(1);
    expect(cache.get('"v1"')).toBeUndefined();
    expect(cache.get('"v2"')).toBeDefined();
  });
});
