/**
 * Encoding a raw RGB raster with sharp (libvips). Webp quality 100 is lossless (exact colours),
 * 80..99 near-lossless, below 80 lossy.
 *
 * Effort (libwebp's `method`) 0: on the composite (1225 x 1225, pixel art) near-lossless q95 took
 * 1.3 s at effort 2 and 1.45 s at the default 4 on a noisy frame, 0.18 s at effort 0, and the file
 * was no larger (loadtests/README.md, the `rerender` scenario, has the figures on the demo canvas).
 * `preset` and `smartSubsample` apply to the lossy encoder only; near-lossless keeps exact chroma.
 * libvips' operation cache is off: every input is a new raw buffer, so it never hits and only holds
 * memory.
 */
import sharp from 'sharp';

sharp.cache(false);

export type Format = 'webp' | 'png';

export const CONTENT_TYPES: Record<Format, string> = { webp: 'image/webp', png: 'image/png' };

export async function encodeRgb(
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
