/**
 * RasterizeArtwork: an uploaded artwork (PNG, JPEG or WebP) -> the default colours of a new canvas,
 * 1225 x 1225 packed RGB, row-major (what canvas `CreateCanvas` takes), by the image codec
 * (adapters/sharp-images.ts: the fit, the formats, the decoded-pixel bound).
 *
 * Bounded work: at most IMAGE_MAX_BYTES of input (the spec's upload limit, @tessera/facts/artwork); one rasterise runs at a time (the kit's
 * AdmissionGate), at most MAX_WAITING more wait for their turn, and any beyond that is refused at
 * once with SERVICE_UNAVAILABLE (the caller retries) rather than left to time out.
 */
import { AdmissionGate, appError } from '@tessera/kit';
import { IMAGE_MAX_BYTES } from '@tessera/facts/artwork';
import type { ImageCodec } from './ports.js';

export const MAX_WAITING = 2;

export const BUSY_MESSAGE = 'The renderer is busy with another artwork; please try again in a moment';

export class ArtworkRasterizer {
  /** One at a time, apart from the composite encodes. */
  readonly lane: AdmissionGate;

  constructor(
    private readonly images: ImageCodec,
    opts: { maxWaiting?: number } = {},
  ) {
    this.lane = new AdmissionGate(
      { running: 1, waiting: opts.maxWaiting ?? MAX_WAITING },
      { busyMessage: BUSY_MESSAGE },
    );
  }

  /** The image's default colours (CANVAS_RGB_BYTES of @tessera/facts/grid). */
  async rasterize(image: Uint8Array): Promise<Uint8Array> {
    if (image.length === 0) throw appError('MISSING_FIELD', 'image is required', { field: 'image' });
    if (image.length > IMAGE_MAX_BYTES)
      throw appError(
        'VALIDATION_ERROR',
        `The image is ${image.length} bytes; at most ${IMAGE_MAX_BYTES} bytes can be rasterised`,
        { field: 'image' },
      );
    const input = Buffer.from(image.buffer, image.byteOffset, image.length);
    return this.lane.run(() => this.images.rasterizeArtwork(input));
  }
}
