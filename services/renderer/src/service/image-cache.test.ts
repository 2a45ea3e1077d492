import { describe, expect, it } from 'vitest';
import { ImageCache, type CachedImage } from './image-cache.js';

const image = (bytes: number): CachedImage => ({
  data: Buffer.alloc(bytes),
  contentType: 'image/webp',
  etag: '"t"',
  version: 1,
});

describe('the image cache', () => {
  it('holds at most its bytes, forgetting the least recently used image first', () => {
    const cache = new ImageCache(300);
    cache.put('a', image(100));
    cache.put('b', image(100));
    cache.put('c', image(100));
    // reading a makes it the newest: b is now the least recently used
    expect(cache.get('a')).toBeDefined();
    cache.put('d', image(100));
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => cache.get(k) !== undefined)).toEqual([true, true, true]);
    expect(cache.size()).toEqual({ images: 3, bytes: 300 });
  });

  it('counts hits and misses, replaces a key without counting it twice, and never stores an image over its bound', () => {
    const cache = new ImageCache(300);
    cache.put('a', image(100));
    cache.put('a', image(200));
    expect(cache.size()).toEqual({ images: 1, bytes: 200 });
    cache.put('huge', image(301));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')?.data.length).toBe(200);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 1, misses: 1 });
  });
});
