import { describe, expect, it } from 'vitest';
import { IMAGE_FORMATS, IMAGE_TYPES, isImageType } from './artwork.js';

describe('image formats', () => {
  it('lists PNG, JPEG and WebP with their stored extension and decoder name', () => {
    expect(IMAGE_TYPES).toEqual(['image/png', 'image/jpeg', 'image/webp']);
    expect(IMAGE_FORMATS['image/jpeg']).toEqual({ extension: 'jpg', decoder: 'jpeg' });
    expect(Object.values(IMAGE_FORMATS).map((f) => f.decoder)).toEqual(['png', 'jpeg', 'webp']);
  });

  it('takes exactly the three types', () => {
    for (const t of IMAGE_TYPES) expect(isImageType(t)).toBe(true);
    for (const t of ['image/gif', 'image/svg+xml', 'IMAGE/PNG', '', 'toString', '__proto__'])
      expect(isImageType(t), t).toBe(false);
  });
});
