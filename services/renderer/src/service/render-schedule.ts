/**
 * When images are encoded. An image family is one kind of image of one canvas (composite: canvas,
 * view, format, scale, quality, grid; thumbnail: also the board). Per family:
 * - a request whose current content is cached gets it (no encode);
 * - a request for content being encoded right now joins that encode;
 * - otherwise it joins the family's next encode, which starts once `minIntervalMs` have passed since
 *   the family's last encode started (so at most one encode per family per interval under any load:
 *   a burst of commits and requests costs one encode per second, not one per commit) and takes its
 *   snapshot of the frame when it starts, so it shows everything committed before any request that
 *   joined it arrived;
 * - the encode itself runs through the encode gate (encode-gate.ts: bounded concurrency and memory,
 *   shedding).
 * Only the newest image of a family is kept in the cache: an older version is never asked for again
 * (requests are answered with the current content), so memory stays one image per family.
 */
import { SingleFlight, type AdmissionGate } from '@tessera/kit';
import type { CachedImage, ImageCache } from './image-cache.js';

/** The frame's current content for one family, read synchronously at the moment of the call. */
export interface Snapshot {
  etag: string;
  /** The frame's content version (sum of its board versions) the etag stands for. */
  version: number;
  /** Copies the raster to encode (called synchronously when the encode starts). */
  raster(): { raw: Buffer; size: number };
}

export type Encoder = (raw: Buffer, size: number) => Promise<Omit<CachedImage, 'etag' | 'version'>>;

interface Family {
  lastStart: number;
  /** The encode that requests join until it starts. */
  next?: Promise<CachedImage>;
  /** Etag of the newest image of this family in the cache. */
  latest?: string;
}

export class RenderSchedule {
  private readonly families = new Map<string, Family>();
  /** Encodes under way, by the etag of the content they encode (requests for it join them). */
  private readonly running = new SingleFlight<string, CachedImage>();
  /** Encodes started (tests, metrics). */
  encodes = 0;

  constructor(
    private readonly cache: ImageCache,
    private readonly gate: AdmissionGate,
    readonly minIntervalMs = 1000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * The image of `family` for the content `current()` describes now (or newer).
   * `cost` is the encode's estimated working memory (encode-gate.ts).
   */
  image(family: string, cost: number, current: () => Snapshot, encode: Encoder): Promise<CachedImage> {
    const { etag } = current();
    const hit = this.cache.get(etag);
    if (hit) return Promise.resolve(hit);
    const running = this.running.pending(etag);
    if (running) return running;
    let fam = this.families.get(family);
    if (!fam) {
      fam = { lastStart: Number.NEGATIVE_INFINITY };
      this.families.set(family, fam);
    }
    fam.next ??= this.schedule(fam, cost, current, encode);
    return fam.next;
  }

  private schedule(
    fam: Family,
    cost: number,
    current: () => Snapshot,
    encode: Encoder,
  ): Promise<CachedImage> {
    const holder: { p?: Promise<CachedImage> } = {};
    const wait = fam.lastStart + this.minIntervalMs - this.now();
    holder.p = (async () => {
      // (always yields first, so `fam.next` is this promise before the encode can start)
      await (wait > 0 ? new Promise((r) => setTimeout(r, Math.ceil(wait))) : Promise.resolve());
      return this.gate.run(
        async () => {
          // the encode starts: later requests wait for the next one
          if (fam.next === holder.p) fam.next = undefined;
          fam.lastStart = this.now();
          const snap = current();
          const cached = this.cache.get(snap.etag);
          if (cached) return cached;
          return this.running.run(snap.etag, async () => {
            const { raw, size } = snap.raster();
            this.encodes++;
            const img = { ...(await encode(raw, size)), etag: snap.etag, version: snap.version };
            // cached before the encode counts as settled: a request never finds it in neither place
            this.cache.put(snap.etag, img);
            if (fam.latest !== undefined && fam.latest !== snap.etag) this.cache.delete(fam.latest);
            fam.latest = snap.etag;
            return img;
          });
        },
        { cost },
      );
    })();
    const forget = () => {
      if (fam.next === holder.p) fam.next = undefined; // shed or failed before it started
    };
    holder.p.then(forget, forget);
    return holder.p;
  }
}
