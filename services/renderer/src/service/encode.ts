/** Encoding a raw RGB raster with sharp (libvips). Webp quality 100 is lossless (exact colours),
 * 80..99 near-lossless, below 80 lossy. */
import sharp from 'sharp';

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
  if (quality >= 100) return img.webp({ lossless: true, effort: 2 }).toBuffer();
  if (quality >= 80) return img.webp({ nearLossless: true, quality, effort: 2 }).toBuffer();
  return img.webp({ quality, effort: 2, smartSubsample: true }).toBuffer();
}
