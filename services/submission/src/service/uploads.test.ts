/**
 * Uploads (issue 12's must-show list): a 1 KB PNG declaring 20000x20000 pixels is refused before
 * decoding; HTML and SVG renamed .png are refused; EXIF data is gone from the stored image; a forged
 * or expired form is refused; 10 MB + 1 byte is refused; and a form is used once. Through the
 * submission service's RPCs over a real server (the BFF's streaming cap is tested in the BFF).
 */
import { deflateSync } from 'node:zlib';
import type { ConnectError } from '@connectrpc/connect';
import sharp from 'sharp';
import { ERROR_CODE_HEADER } from '@tessera/kit';
import { refusal as kitRefusal, forSuite } from '@tessera/kit/testing';
import { describe, expect, it } from 'vitest';
import { SharpImageProcessor } from '../adapters/images.js';
import { IMAGE_MESSAGES } from '@tessera/facts/artwork';
import { DIMENSIONS_MESSAGE, UNREADABLE_MESSAGE } from '../domain/image-header.js';
import { EXPIRED_MESSAGE, FORGED_MESSAGE, UPLOAD_TTL_MS } from '../domain/upload-policy.js';
import { startHarness, pngChunk, pngOf } from '../test/harness.js';

const h = forSuite(() => startHarness({ now: () => clock, images, consumers: false }));
let clock = Date.now();
const images = new SharpImageProcessor();

/** The code and message only (these cases name no field). */
const refusal = async (p: Promise<unknown>) => {
  const { code, message } = await kitRefusal(p);
  return { code, message };
};

const form = (contentType = 'image/png', fileSize = 1000, userId = 'up1') =>
  h.rpc.createUploadUrl({ userId, filename: 'a.png', contentType, fileSize });

/** A valid PNG file of about 1 KB whose header declares 20000x20000 RGB pixels (a decompression bomb's header). */
function bombPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20000, 0);
  ihdr.writeUInt32BE(20000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const idat = deflateSync(Buffer.alloc(400_000), { level: 9 }); // the first rows: zeros
  const head = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
  ]);
  const tail = Buffer.concat([pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
  // a comment chunk brings it to 1 KB
  const pad = pngChunk('tEXt', Buffer.alloc(1024 - head.length - tail.length - 12, 0x61));
  return Buffer.concat([head, pad, tail]);
}

describe('upload-url', () => {
  it('answers an upload URL, signed fields in the shape of a presigned POST, and the image URL', async () => {
    const f = await form();
    expect(f.uploadUrl).toBe('/api/artist-selection/uploads');
    expect(f.imageUrl).toMatch(/^\/api\/artist-selection\/images\/img-[A-Za-z0-9_-]{24}\.png$/);
    expect(Object.keys(f.fields).sort()).toEqual([
      'Content-Type',
      'key',
      'policy',
      'x-tessera-algorithm',
      'x-tessera-signature',
    ]);
    expect(f.imageUrl.endsWith(f.fields.key!)).toBe(true);
    const policy = JSON.parse(Buffer.from(f.fields.policy!, 'base64').toString()) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toEqual([
      { key: f.fields.key },
      { 'Content-Type': 'image/png' },
      ['content-length-range', 1, 10 * 1024 * 1024],
    ]);
    expect(Date.parse(policy.expiration)).toBe(clock + UPLOAD_TTL_MS);
  });

  it('refuses other types and sizes with the spec texts', async () => {
    expect(await refusal(form('image/gif'))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Only PNG, JPEG, and WebP images are allowed.',
    });
    expect(await refusal(form('image/svg+xml'))).toMatchObject({
      message: 'Only PNG, JPEG, and WebP images are allowed.',
    });
    expect(await refusal(form('image/png', 10 * 1024 * 1024 + 1))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'File size must be under 10MB.',
    });
    expect(await refusal(form('image/png', -1))).toMatchObject({ message: 'File size must be under 10MB.' });
    // an empty file is told so, as the upload itself and the web form tell it (facts' imageProblem)
    expect(await refusal(form('image/png', 0))).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'The file is empty. Please choose an image.',
    });
  });
});

describe('storing an upload', () => {
  it('refuses a 1 KB PNG declaring 20000x20000 pixels before decoding (and sharp would refuse it too)', async () => {
    const bomb = bombPng();
    console.log(`bomb PNG: ${bomb.length} bytes declaring 20000x20000`);
    expect(bomb.length).toBe(1024);
    const f = await form('image/png', bomb.length);
    const before = images.decodes;
    expect(await refusal(h.rpc.storeUpload({ fields: f.fields, data: bomb }))).toEqual({
      code: 'VALIDATION_ERROR',
      message: DIMENSIONS_MESSAGE,
    });
    expect(images.decodes).toBe(before);
    expect(await h.objects.get(f.fields.key!)).toBeNull();
    // the second guard: the decoder's own pixel limit
    await expect(
      sharp(bomb, { limitInputPixels: 4096 * 4096 })
        .raw()
        .toBuffer(),
    ).rejects.toThrow(/pixel limit/i);
  });

  it('refuses HTML and SVG renamed .png, and a PNG declared as JPEG', async () => {
    const files = [
      Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>'),
      Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>',
      ),
    ];
    for (const data of files) {
      const f = await form('image/png', data.length);
      expect(await refusal(h.rpc.storeUpload({ fields: f.fields, data }))).toEqual({
        code: 'VALIDATION_ERROR',
        message: IMAGE_MESSAGES.api.type,
      });
      expect(await h.objects.get(f.fields.key!)).toBeNull();
    }
    const png = await pngOf();
    const f = await form('image/jpeg', png.length);
    expect(await refusal(h.rpc.storeUpload({ fields: f.fields, data: png }))).toMatchObject({
      message: IMAGE_MESSAGES.api.type,
    });
  });

  it('refuses a file whose magic bytes and header say PNG but the decoder cannot read', async () => {
    const png = Buffer.from(await pngOf(16, 16));
    const broken = Buffer.concat([
      png.subarray(0, 33),
      Buffer.from('this is not image data at all, just text'.repeat(3)),
    ]);
    const f = await form('image/png', broken.length);
    const before = images.decodes;
    expect(await refusal(h.rpc.storeUpload({ fields: f.fields, data: broken }))).toMatchObject({
      message: UNREADABLE_MESSAGE,
    });
    expect(images.decodes).toBe(before + 1);
  });

  it('strips EXIF and other metadata: the stored image has none, and the exact content type', async () => {
    const exif = {
      IFD0: { Artist: 'Secret Person', Copyright: 'leak-marker' },
      IFD3: { GPSLatitudeRef: 'N' },
    };
    const base = sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: 250, g: 10, b: 10 } },
    });
    for (const [type, input] of [
      ['image/jpeg', await base.clone().withMetadata({ exif }).jpeg().toBuffer()],
      ['image/webp', await base.clone().withMetadata({ exif }).webp().toBuffer()],
      ['image/png', await base.clone().withMetadata({ exif }).png().toBuffer()],
    ] as const) {
      expect((await sharp(input).metadata()).exif, `${type} input has EXIF`).toBeDefined();
      expect(input.includes('leak-marker')).toBe(true);
      const f = await form(type, input.length);
      const stored = await h.rpc.storeUpload({ fields: f.fields, data: input });
      expect(stored.imageUrl).toBe(f.imageUrl);
      const img = await h.rpc.getImage({ key: f.fields.key! });
      expect(img.contentType).toBe(type);
      const meta = await sharp(img.data).metadata();
      expect(meta.exif, type).toBeUndefined();
      expect(meta.xmp, type).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([64, 48]);
      expect(Buffer.from(img.data).includes('leak-marker'), type).toBe(false);
      expect(Buffer.from(img.data).includes('Secret Person'), type).toBe(false);
    }
  });

  it('refuses a forged form: another signature, a changed policy, key or type', async () => {
    const png = await pngOf();
    const f = await form('image/png', png.length);
    const longer = Buffer.from(
      JSON.stringify({
        expiration: new Date(clock + 86_400_000 * 365).toISOString(),
        conditions: [
          { key: f.fields.key },
          { 'Content-Type': 'image/png' },
          ['content-length-range', 1, 1e9],
        ],
      }),
    ).toString('base64');
    for (const fields of [
      { ...f.fields, 'x-tessera-signature': 'a'.repeat(64) },
      { ...f.fields, policy: longer },
      { ...f.fields, key: 'img-AAAAAAAAAAAAAAAAAAAAAAAA.png' },
      { ...f.fields, 'Content-Type': 'text/html' },
      {},
    ]) {
      expect(await refusal(h.rpc.storeUpload({ fields, data: png }))).toEqual({
        code: 'FORBIDDEN',
        message: FORGED_MESSAGE,
      });
    }
    // the real form still works once
    expect((await h.rpc.storeUpload({ fields: f.fields, data: png })).imageUrl).toBe(f.imageUrl);
  });

  it('refuses an expired form', async () => {
    const png = await pngOf();
    const f = await form('image/png', png.length);
    clock += UPLOAD_TTL_MS + 1;
    try {
      expect(await refusal(h.rpc.storeUpload({ fields: f.fields, data: png }))).toEqual({
        code: 'FORBIDDEN',
        message: EXPIRED_MESSAGE,
      });
    } finally {
      clock -= UPLOAD_TTL_MS + 1;
    }
  });

  it('refuses 10 MB + 1 byte, and an empty file', async () => {
    const f = await form('image/png', 10 * 1024 * 1024);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    big.set(await pngOf());
    expect(await refusal(h.rpc.storeUpload({ fields: f.fields, data: big }))).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File size must be under 10MB.',
    });
    expect(await refusal(h.rpc.storeUpload({ fields: f.fields, data: new Uint8Array(0) }))).toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });

  it('uses a form once, even when the same upload arrives twice at once', async () => {
    const png = await pngOf();
    const f = await form('image/png', png.length);
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => h.rpc.storeUpload({ fields: f.fields, data: png })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const again = await refusal(h.rpc.storeUpload({ fields: f.fields, data: png }));
    expect(again.code).toBe('CONFLICT');
  });

  it('serves 404 for unknown or malformed image keys', async () => {
    for (const key of ['img-AAAAAAAAAAAAAAAAAAAAAAAA.png', '../etc/passwd', '', 'x'.repeat(300)])
      expect((await refusal(h.rpc.getImage({ key }))).code).toBe('NOT_FOUND');
  });

  it('sheds load with SERVICE_UNAVAILABLE when every image place is taken', async () => {
    const tiny = new SharpImageProcessor({ running: 1, waiting: 0 });
    const png = await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const results = await Promise.allSettled([1, 2, 3].map(() => tiny.process(png, 'image/png')));
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const r of refused)
      expect((r.reason as ConnectError).metadata.get(ERROR_CODE_HEADER)).toBe('SERVICE_UNAVAILABLE');
  });
});
