/**
 * Encoded images in memory, least recently used first out, bounded by total bytes. Keys hold the
 * canvas content tag, so an entry never goes stale: a new version is a new key, and the render
 * schedule (render-schedule.ts) drops a family's older version when a newer one is stored.
 */
import { touch } from '@tessera/kit';

/** Bytes of encoded images kept unless told otherwise (RENDER_CACHE_BYTES, settings.ts). */
export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

export interface CachedImage {
  data: Buffer;
  contentType: string;
  etag: string;
  /** Content version of the frame the image was encoded from (sum of its board versions). */
  version: number;
}

export class ImageCache {
  private readonly entries = new Map<string, CachedImage>();
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly maxBytes = DEFAULT_CACHE_BYTES) {}

  get(key: string): CachedImage | undefined {
    const hit = touch(this.entries, key); // most recently used last
    if (hit) this.hits++;
    else this.misses++;
    return hit;
  }

  put(key: string, img: CachedImage): void {
    if (img.data.length > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, img);
    this.bytes += img.data.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.data.length;
    }
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.data.length;
  }

  /** Images and bytes held (tests, metrics). */
  size(): { images: number; bytes: number } {
    return { images: this.entries.size, bytes: this.bytes };
  }
}
