import { describe, expect, it } from 'vitest';
import { IMAGE_FORMATS, IMAGE_TYPES, imageKey, isImageKey, isImageType } from './artwork.js';

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

  it("names an uploaded image 'img-', 24 base64url characters and its type's extension, and takes no other name", () => {
    const random = 'AbCdEfGhIjKlMnOpQrStUv-_';
    expect(imageKey(random, 'image/jpeg')).toBe(`img-${random}.jpg`);
    expect(isImageKey(imageKey(random, 'image/webp'))).toBe(true);
    for (const bad of ['short', `${random}x`, 'AbCdEfGhIjKlMnOpQrStUv/+'])
      expect(() => imageKey(bad, 'image/png'), bad).toThrow(RangeError);
    for (const key of [
      `img-${random}.gif`,
      `img-${random}.jpeg`,
      `img-${random}.png/..`,
      `../img-${random}.png`,
      `img-${random.slice(1)}.png`,
      '',
    ])
      expect(isImageKey(key), key).toBe(false);
  });
});
