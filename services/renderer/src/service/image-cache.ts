/**
 * Encoded images in memory, least recently used first out, bounded by total bytes; concurrent
 * requests for one key share a single encode (single flight). Keys hold the canvas content tag, so
 * an entry never goes stale: a new version is a new key and old ones age out.
 */
export interface CachedImage {
  data: Buffer;
  contentType: string;
  etag: string;
}

export class ImageCache {
  private readonly entries = new Map<string, CachedImage>();
  private readonly inflight = new Map<string, Promise<CachedImage>>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly maxBytes = 256 * 1024 * 1024) {}

  get(key: string): CachedImage | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key); // re-insert: most recently used last
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** The cached image, or the one `make` produces (once, however many callers wait for it). */
  async getOrCreate(key: string, make: () => Promise<CachedImage>): Promise<CachedImage> {
    const hit = this.get(key);
    if (hit) {
      this.hits++;
      return hit;
    }
    let p = this.inflight.get(key);
    if (!p) {
      this.misses++;
      p = make()
        .then((img) => {
          this.put(key, img);
          return img;
        })
        .finally(() => this.inflight.delete(key));
      this.inflight.set(key, p);
    }
    return p;
  }

  private put(key: string, img: CachedImage): void {
    if (img.data.length > this.maxBytes) return;
    this.entries.set(key, img);
    this.bytes += img.data.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.data.length;
    }
  }
}
