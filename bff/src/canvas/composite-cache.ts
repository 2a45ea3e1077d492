/**
 * Composite images in the BFF, per canvas and mode (live/preview): the bytes and
 * their ETag as the renderer answered them, kept until a change of that canvas (change-feed.ts:
 * a commit or reset of one of its pixels; an activation drops every entry). A hit answers from
 * memory with no renderer call.
 *
 * Each canvas has a generation, bumped by its changes. An entry is current while its generation is
 * the canvas's; a read started in one generation is shared only by requests of that generation and
 * stored with it, so a read that overlapped a change is used once and then read again. Entries are
 * only stored while the feed is live. The renderer encodes each image family at most once a second,
 * so after a burst of commits the next read may wait up to that second for the new image.
 *
 * The renderer follows the same events on its own consumer, so right after a commit it may still
 * answer the image from before it. A commit event carries the canvas's new content version and the
 * renderer's answer the version its image shows: an image older than the last commit seen is served
 * but kept for `laggingMs` only (then read again), so a late renderer cannot leave an old image in
 * the cache until the next commit.
 */
import { BoundedMap, SingleFlight } from '@tessera/kit';
import type { CanvasChange, ChangeFeed } from './change-feed.js';

/** Which image: the page asks for one (COMPOSITE_IMAGE of `@tessera/facts/render`) per canvas and view. */
export interface CompositeKey {
  canvasIndex: number;
  preview: boolean;
}

export interface CompositeImage {
  etag: string;
  contentType: string;
  data: Buffer;
  /** Content version of the canvas the image shows (sum of its board versions). */
  version: number;
}

interface Entry {
  image: CompositeImage;
  generation: string;
  /** performance.now() after which the entry is read again (Infinity: until the next change). */
  until: number;
}

/** Images kept (two modes of a few canvases; each about 10 KB to 1 MB). */
const MAX_ENTRIES = 16;

function idOf(key: CompositeKey): string {
  return `${key.canvasIndex}-${key.preview ? 'preview' : 'live'}`;
}

export class CompositeCache {
  private readonly entries = new BoundedMap<string, Entry>(MAX_ENTRIES);
  /** Reads in flight, shared by the requests of one generation of an image (`<id>@<generation>`). */
  private readonly reads = new SingleFlight<string, CompositeImage>();
  private readonly generations = new Map<number, number>();
  /** Highest canvas content version announced by a commit, per canvas. */
  private readonly committed = new Map<number, number>();
  private globalGeneration = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly load: (key: CompositeKey) => Promise<CompositeImage>,
    private readonly laggingMs = 1000,
  ) {
    feed.listen((change) => this.onChange(change));
  }

  /** The image when a current one is in memory (a hit), else undefined; no renderer call. */
  peek(key: CompositeKey): CompositeImage | undefined {
    const entry = this.entries.get(idOf(key));
    if (entry && entry.generation === this.generationOf(key.canvasIndex) && performance.now() < entry.until) {
      this.hits++;
      return entry.image;
    }
    return undefined;
  }

  async get(key: CompositeKey): Promise<CompositeImage> {
    const hit = this.peek(key);
    if (hit) return hit;
    const id = idOf(key);
    const generation = this.generationOf(key.canvasIndex);
    this.misses++;
    return this.reads.run(`${id}@${generation}`, () => this.read(id, key, generation));
  }

  private async read(id: string, key: CompositeKey, generation: string): Promise<CompositeImage> {
    const live = await this.feed.live();
    const image = await this.load(key);
    if (live && this.generationOf(key.canvasIndex) === generation) {
      const behind = image.version < (this.committed.get(key.canvasIndex) ?? 0);
      const until = behind ? performance.now() + this.laggingMs : Number.POSITIVE_INFINITY;
      this.entries.delete(id);
      this.entries.set(id, { image, generation, until });
    }
    return image;
  }

  private generationOf(canvasIndex: number): string {
    return `${this.globalGeneration}.${this.generations.get(canvasIndex) ?? 0}`;
  }

  private onChange(change: CanvasChange): void {
    if (change.kind === 'activated') {
      this.globalGeneration++;
      this.entries.clear();
      return;
    }
    if (change.kind === 'committed') {
      const known = this.committed.get(change.canvasIndex) ?? 0;
      this.committed.set(change.canvasIndex, Math.max(known, change.canvasVersion));
    }
    this.generations.set(change.canvasIndex, (this.generations.get(change.canvasIndex) ?? 0) + 1);
  }
}
