import { describe, expect, it } from 'vitest';
import {
  artworkTextsProblem,
  IMAGE_FORMATS,
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  IMAGE_PATH_PREFIX,
  IMAGE_TYPES,
  imageKey,
  imageKeyOfUrl,
  imageProblem,
  imageUrlOf,
  isImageKey,
  isImageType,
} from './artwork.js';

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

describe('the image rule', () => {
  it('asks for an image when none is picked', () => {
    expect(imageProblem(null)).toBe('required');
  });

  it('takes PNG, JPEG and WebP in any case, and nothing else', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'IMAGE/PNG', 'Image/WebP'])
      expect(imageProblem({ type, size: 1000 }), type).toBeNull();
    for (const type of ['image/gif', 'image/svg+xml', 'application/pdf', 'image/jpg', ''])
      expect(imageProblem({ type, size: 1000 }), type).toBe('type');
  });

  it('takes 1 byte to 10 MB; an empty file and anything else that is not a byte count are refused', () => {
    const png = (size: number) => imageProblem({ type: 'image/png', size });
    expect(png(1)).toBeNull();
    expect(png(IMAGE_MAX_BYTES)).toBeNull();
    expect(png(0)).toBe('empty');
    for (const size of [IMAGE_MAX_BYTES + 1, -1, 1.5, Number.NaN, Infinity, 2 ** 53])
      expect(png(size), String(size)).toBe('size');
    expect(IMAGE_MAX_BYTES).toBe(10 * 1024 * 1024);
  });

  it("words each problem as the spec does: the form's without a full stop, the API's with one", () => {
    const { form, api } = IMAGE_MESSAGES;
    expect(form.required).toBe('Please select an image for your artwork');
    expect([form.type, api.type]).toEqual([
      'Only PNG, JPEG, and WebP images are allowed',
      'Only PNG, JPEG, and WebP images are allowed.',
    ]);
    expect([form.size, api.size]).toEqual(['File size must be under 10MB', 'File size must be under 10MB.']);
    // not worded by the spec: the service's words for an empty file, the same in the form
    expect(form.empty).toBe('The file is empty. Please choose an image.');
    expect(api.empty).toBe(form.empty);
    expect(api.required).toBe(form.required);
  });
});

describe('image URLs', () => {
  const key = imageKey('AbCdEfGhIjKlMnOpQrStUv-_', 'image/png');

  it('serves an image under the BFF image route and reads its key back', () => {
    expect(imageUrlOf(key)).toBe(`/api/artist-selection/images/${key}`);
    expect(imageKeyOfUrl(imageUrlOf(key))).toBe(key);
  });

  it('reads no key from another URL or from a name imageKey does not make', () => {
    for (const url of [
      key,
      `https://elsewhere.example${IMAGE_PATH_PREFIX}${key}`,
      `/api/artist-selection/uploads/${key}`,
      `${IMAGE_PATH_PREFIX}../${key}`,
      `${IMAGE_PATH_PREFIX}${key}?x=1`,
      `${IMAGE_PATH_PREFIX}img-short.png`,
      IMAGE_PATH_PREFIX,
    ])
      expect(imageKeyOfUrl(url), url).toBeNull();
  });
});

describe('the title and description rule', () => {
  const texts = (title: string, description: string) => artworkTextsProblem({ title, description });

  it('answers the first field refused, the title first, with the spec words', () => {
    const ok = 'a long enough description';
    expect(texts('', ok)).toEqual({ field: 'title', message: 'Please enter a title for your artwork' });
    expect(texts(' ab ', '')).toEqual({ field: 'title', message: 'Title must be at least 3 characters' });
    expect(texts('x'.repeat(101), ok)).toEqual({
      field: 'title',
      message: 'Title must be under 100 characters',
    });
    expect(texts('Title', '   ')).toEqual({
      field: 'description',
      message: 'Please enter a description for your artwork',
    });
    expect(texts('Title', ' 123456789 ')).toEqual({
      field: 'description',
      message: 'Description must be at least 10 characters',
    });
    expect(texts('Title', 'y'.repeat(501))).toEqual({
      field: 'description',
      message: 'Description must be under 500 characters',
    });
  });

  it('takes 3 to 100 and 10 to 500 characters after trimming', () => {
    expect(texts('abc', '1234567890')).toBeNull();
    expect(texts(`  ${'x'.repeat(100)}  `, `  ${'y'.repeat(500)}  `)).toBeNull();
  });
});
