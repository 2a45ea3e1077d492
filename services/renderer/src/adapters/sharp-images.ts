/**
 * The image codec on sharp (libvips).
 *
 * Encoding a raw RGB raster: webp quality 100 is lossless (exact colours), 80..99 near-lossless,
 * below 80 lossy. Effort (libwebp's `method`) 0: on the composite (1225 x 1225, pixel art)
 * near-lossless q95 took 1.3 s at effort 2 and 1.45 s at the default 4 on a noisy frame, 0.18 s at
 * effort 0, and the file was no larger (loadtests/README.md, the `rerender` scenario, has the figures
 * on the demo canvas). `preset` and `smartSubsample` apply to the lossy encoder only; near-lossless
 * keeps exact chroma. libvips' operation cache is off: every input is a new raw buffer, so it never
 * hits and only holds memory.
 *
 * Rasterising an artwork: "contain" on white, centred (domain/fit.ts): the whole artwork is kept,
 * its aspect ratio too. EXIF orientation is applied first; transparency is flattened onto white;
 * colours end in sRGB. Shrinking uses lanczos3; enlarging (an artwork smaller than the canvas) uses
 * nearest neighbour, so small pixel art stays crisp. At most MAX_INPUT_PIXELS decoded pixels (sharp's
 * limitInputPixels, checked from the header before decoding); anything that is not a PNG, JPEG or
 * WebP image is refused with VALIDATION_ERROR.
 */
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { appError } from '@tessera/kit';
import { IMAGE_FORMATS } from '@tessera/facts/artwork';
import { CANVAS_SIZE } from '@tessera/facts/grid';
import { containPlacement } from '../domain/fit.js';
import type { Format, ImageCodec } from '../service/ports.js';

sharp.cache(false);

/** Decoded pixels at most (8192 x 8192; about 200 MB of RGB at worst, one at a time). */
export const MAX_INPUT_PIXELS = 8192 * 8192;
/** The decoder's names of the spec's image types (IMAGE_FORMATS of @tessera/facts/artwork). */
export const ARTWORK_FORMATS: readonly string[] = Object.values(IMAGE_FORMATS).map((f) => f.decoder);

const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

async function encodeRgb(
  raw: Buffer,
  width: number,
  height: number,
  format: Format,
  quality: number,
): Promise<Buffer> {
  const img = sharp(raw, { raw: { width, height, channels: 3 } });
  if (format === 'png') return img.png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
  // pixel art: lossless at 100, near-lossless (colours kept close, no chroma smearing) from 80
  if (quality >= 100) return img.webp({ lossless: true, effort: 0 }).toBuffer();
  if (quality >= 80) return img.webp({ nearLossless: true, quality, effort: 0 }).toBuffer();
  return img.webp({ quality, effort: 2, smartSubsample: true }).toBuffer();
}

function invalid(message: string) {
  return appError('VALIDATION_ERROR', message, { field: 'image' });
}

function tooLarge() {
  return invalid(
    `The image has too many pixels; at most ${MAX_INPUT_PIXELS} (8192 x 8192) can be rasterised`,
  );
}

async function rasterizeArtwork(input: Buffer): Promise<Uint8Array> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true, autoOrient: true } as const;
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch (err) {
    // sharp checks limitInputPixels against the header, before any pixel is decoded
    if (/pixel limit/i.test((err as Error).message)) throw tooLarge();
    throw invalid('The file is not an image that can be read (PNG, JPEG or WebP)');
  }
  if (!ARTWORK_FORMATS.includes(meta.format))
    throw invalid(`Only PNG, JPEG and WebP images can be rasterised (got ${meta.format})`);
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw invalid('The image has no size');
  if (width * height > MAX_INPUT_PIXELS) throw tooLarge();
  const fit = containPlacement(width, height, CANVAS_SIZE);
  let out: { data: Buffer; info: OutputInfo };
  try {
    out = await sharp(input, options)
      .flatten({ background: WHITE })
      .resize(fit.width, fit.height, { fit: 'fill', kernel: fit.enlarged ? 'nearest' : 'lanczos3' })
      .extend({ top: fit.top, bottom: fit.bottom, left: fit.left, right: fit.right, background: WHITE })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    // a header that read well but pixel data that does not (truncated, corrupt)
    throw invalid(`The image could not be decoded: ${(err as Error).message}`);
  }
  const { info, data } = out;
  if (info.width !== CANVAS_SIZE || info.height !== CANVAS_SIZE || info.channels !== 3)
    throw new Error(`rasterised to ${info.width} x ${info.height} x ${info.channels}, not ${CANVAS_SIZE}²x3`);
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

export const sharpImages: ImageCodec = { encodeRgb, rasterizeArtwork };
