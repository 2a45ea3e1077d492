/** What the renderer needs from outside: an image codec (adapters/sharp-images.ts). */

export type Format = 'webp' | 'png';

export const CONTENT_TYPES: Record<Format, string> = { webp: 'image/webp', png: 'image/png' };

export interface ImageCodec {
  /**
   * A raw RGB raster (`width` x `height` x 3 bytes) encoded as `format`. Webp `quality` 100 is
   * lossless (exact colours), 80..99 near-lossless, below 80 lossy; png ignores it.
   */
  encodeRgb(raw: Buffer, width: number, height: number, format: Format, quality: number): Promise<Buffer>;
  /**
   * An uploaded artwork (PNG, JPEG or WebP; its byte size already checked) as the default colours of
   * a new canvas: CANVAS_SIZE x CANVAS_SIZE packed RGB, placed by domain/fit.ts. Anything it cannot
   * read is refused with VALIDATION_ERROR (field `image`) and a message that says why.
   */
  rasterizeArtwork(image: Buffer): Promise<Uint8Array>;
}
