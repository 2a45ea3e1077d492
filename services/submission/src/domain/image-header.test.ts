import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES } from '@tessera/facts/artwork';
import { checkImageHeader, DIMENSIONS_MESSAGE, headerDimensions, sniffImageType } from './image-header.js';

const solid = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 30, b: 90 } } });

describe('image header', () => {
  it('reads the format and dimensions of real PNG, JPEG, lossy, lossless and extended WebP files', async () => {
    const cases: [Buffer, string][] = [
      [await solid(321, 123).png().toBuffer(), 'image/png'],
      [await solid(321, 123).jpeg().toBuffer(), 'image/jpeg'],
      [await solid(321, 123).jpeg({ progressive: true }).toBuffer(), 'image/jpeg'],
      [await solid(321, 123).webp({ quality: 80 }).toBuffer(), 'image/webp'],
      [await solid(321, 123).webp({ lossless: true }).toBuffer(), 'image/webp'],
      [await solid(321, 123).ensureAlpha(0.5).webp().toBuffer(), 'image/webp'],
      [
        await solid(321, 123)
          .withMetadata({ exif: { IFD0: { Artist: 'x' } } })
          .jpeg()
          .toBuffer(),
        'image/jpeg',
      ],
    ];
    for (const [buf, type] of cases) {
      expect(sniffImageType(buf)).toBe(type);
      expect(headerDimensions(buf, type as never)).toEqual({ width: 321, height: 123 });
      expect(checkImageHeader(buf, type)).toEqual({ ok: true, type, width: 321, height: 123 });
    }
  });

  it('refuses files that are not PNG, JPEG or WebP whatever they are called, and a mismatched type', async () => {
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const gif = await solid(4, 4).gif().toBuffer();
    for (const b of [html, svg, gif, Buffer.alloc(0), Buffer.from([0x89, 0x50])]) {
      expect(sniffImageType(b)).toBeNull();
      expect(checkImageHeader(b, 'image/png')).toEqual({ ok: false, message: IMAGE_MESSAGES.api.type });
    }
    const png = await solid(4, 4).png().toBuffer();
    expect(checkImageHeader(png, 'image/jpeg')).toEqual({ ok: false, message: IMAGE_MESSAGES.api.type });
  });

  it('refuses more than 4096 pixels on a side from the header alone', async () => {
    const png = Buffer.from(await solid(4, 4).png().toBuffer());
    png.writeUInt32BE(20000, 16);
    png.writeUInt32BE(20000, 20);
    expect(checkImageHeader(png, 'image/png')).toEqual({ ok: false, message: DIMENSIONS_MESSAGE });
    const wide = await solid(4097, 1).png().toBuffer();
    expect(checkImageHeader(wide, 'image/png')).toEqual({ ok: false, message: DIMENSIONS_MESSAGE });
    const edge = await solid(4096, 1).png().toBuffer();
    expect(checkImageHeader(edge, 'image/png')).toMatchObject({ ok: true, width: 4096 });
  });

  it('refuses a header it cannot read', () => {
    const pngMagicOnly = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect(checkImageHeader(pngMagicOnly, 'image/png')).toMatchObject({ ok: false });
    expect(checkImageHeader(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0]), 'image/jpeg')).toMatchObject({
      ok: false,
    });
    expect(checkImageHeader(Buffer.from('RIFF\0\0\0\0WEBPVP8 '), 'image/webp')).toMatchObject({ ok: false });
  });
});
