/**
 * RasterizeArtwork: an uploaded artwork (PNG, JPEG or WebP) -> the default colours of a new canvas,
 * 1225 x 1225 packed RGB, row-major (what canvas `CreateCanvas` takes).
 *
 * Fit: "contain" on white, centred (domain/fit.ts): the whole artwork is kept, its aspect ratio too.
 * EXIF orientation is applied first; transparency is flattened onto white; colours end in sRGB.
 * Shrinking uses lanczos3; enlarging (an artwork smaller than the canvas) uses nearest neighbour,
 * so small pixel art stays crisp.
 *
 * Bounded work: at most MAX_IMAGE_BYTES of input and MAX_INPUT_PIXELS decoded pixels (sharp's
 * limitInputPixels, checked from the header before decoding); one rasterise runs at a time, at most
 * MAX_WAITING more wait for their turn, and any beyond that is refused at once with
 * SERVICE_UNAVAILABLE (the caller retries) rather than left to time out. Anything that is not a
 * PNG, JPEG or WebP image is refused with INVALID_ARGUMENT.
 */
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { appError } from '@tessera/kit';
import { CANVAS_SIZE } from '@tessera/facts/grid';
import { containPlacement } from '../domain/fit.js';

/** The spec's upload limit (10 MB). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Decoded pixels at most (8192 x 8192; about 200 MB of RGB at worst, one at a time). */
export const MAX_INPUT_PIXELS = 8192 * 8192;
export const MAX_WAITING = 2;
export const ARTWORK_FORMATS = ['png', 'jpeg', 'webp'] as const;
export const DEFAULT_COLORS_BYTES = CANVAS_SIZE * CANVAS_SIZE * 3;

export const BUSY_MESSAGE = 'The renderer is busy with another artwork; please try again in a moment';
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };

function invalid(message: string) {
  return appError('VALIDATION_ERROR', message, { field: 'image' });
}

function tooLarge() {
  return invalid(
    `The image has too many pixels; at most ${MAX_INPUT_PIXELS} (8192 x 8192) can be rasterised`,
  );
}

/** Runs one task at a time; at most `maxWaiting` more wait, others are refused at once. */
export class SingleLane {
  private running = false;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly maxWaiting: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running) {
      if (this.waiting.length >= this.maxWaiting) throw appError('SERVICE_UNAVAILABLE', BUSY_MESSAGE);
      await new Promise<void>((go) => this.waiting.push(go));
    }
    this.running = true;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running = false;
    }
  }

  load(): { running: boolean; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

export class ArtworkRasterizer {
  readonly lane: SingleLane;

  constructor(opts: { maxWaiting?: number } = {}) {
    this.lane = new SingleLane(opts.maxWaiting ?? MAX_WAITING);
  }

  /** The image's default colours (DEFAULT_COLORS_BYTES bytes). */
  async rasterize(image: Uint8Array): Promise<Uint8Array> {
    if (image.length === 0) throw appError('MISSING_FIELD', 'image is required', { field: 'image' });
    if (image.length > MAX_IMAGE_BYTES)
      throw invalid(`The image is ${image.length} bytes; at most ${MAX_IMAGE_BYTES} bytes can be rasterised`);
    return this.lane.run(() => rasterizeNow(Buffer.from(image.buffer, image.byteOffset, image.length)));
  }
}

async function rasterizeNow(input: Buffer): Promise<Uint8Array> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true, autoOrient: true } as const;
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch (err) {
    // sharp checks limitInputPixels against the header, before any pixel is decoded
    if (/pixel limit/i.test((err as Error).message)) throw tooLarge();
    throw invalid('The file is not an image that can be read (PNG, JPEG or WebP)');
  }
  if (!(ARTWORK_FORMATS as readonly string[]).includes(meta.format))
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
