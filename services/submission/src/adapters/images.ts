/**
 * Checking and re-encoding uploaded images with sharp (libvips), bounded like any expensive work
 * (brief invariant 8, the kit's AdmissionGate): at most `running` images are processed at once and
 * `waiting` more may queue; beyond that an upload is refused at once with SERVICE_UNAVAILABLE (the
 * BFF answers 503 with Retry-After), never left to time out.
 *
 * An image is accepted only when the magic bytes, the header and the decoder agree: the header check
 * (domain/image-header.ts) runs first and refuses more than 4096 pixels on a side before any decoding;
 * then sharp decodes it with `limitInputPixels` at 4096x4096 and `failOn: 'error'`, and its format
 * and dimensions must be what the header said. The output is a fresh encoding in the same format,
 * auto-rotated by its orientation tag, with no metadata (EXIF, XMP, ICC profile, comments): sharp
 * writes none unless asked to keep it.
 */
import os from 'node:os';
import sharp from 'sharp';
import { AdmissionGate, type AdmissionLimits } from '@tessera/kit';
import { IMAGE_FORMATS, type ImageType } from '@tessera/facts/artwork';
import { checkImageHeader, MAX_SIDE, UNREADABLE_MESSAGE } from '../domain/image-header.js';

export interface ProcessedImage {
  data: Uint8Array;
  contentType: ImageType;
  width: number;
  height: number;
}

/** Refused input: the message is for the uploader. */
export class ImageRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageRefused';
  }
}

export interface ImageProcessor {
  /** Checks `data` declared as `declaredType` and re-encodes it; throws ImageRefused or busy. */
  process(data: Uint8Array, declaredType: string): Promise<ProcessedImage>;
}

export class SharpImageProcessor implements ImageProcessor {
  /** Images decoded at once and waiting (the kit's gate; refusals carry its BUSY_MESSAGE). */
  readonly gate: AdmissionGate;
  /** How many images reached the decoder (tests: a refused header never does). */
  decodes = 0;

  constructor(
    limits: AdmissionLimits = {
      running: Math.max(1, os.availableParallelism()),
      waiting: Math.max(2, os.availableParallelism() * 2),
    },
  ) {
    this.gate = new AdmissionGate(limits);
  }

  async process(data: Uint8Array, declaredType: string): Promise<ProcessedImage> {
    const header = checkImageHeader(data, declaredType);
    if (!header.ok) throw new ImageRefused(header.message);
    return this.gate.run(() => this.decodeAndEncode(Buffer.from(data), header.type, header));
  }

  private async decodeAndEncode(
    input: Buffer,
    type: ImageType,
    header: { width: number; height: number },
  ): Promise<ProcessedImage> {
    this.decodes++;
    const open = () =>
      sharp(input, { limitInputPixels: MAX_SIDE * MAX_SIDE, failOn: 'error', sequentialRead: true });
    let meta: { format?: string; width?: number; height?: number };
    try {
      meta = await open().metadata();
    } catch {
      throw new ImageRefused(UNREADABLE_MESSAGE);
    }
    if (
      meta.format !== IMAGE_FORMATS[type].decoder ||
      meta.width !== header.width ||
      meta.height !== header.height
    )
      throw new ImageRefused(UNREADABLE_MESSAGE);
    const pipeline = open().rotate();
    const encoded =
      type === 'image/png'
        ? pipeline.png({ compressionLevel: 6 })
        : type === 'image/jpeg'
          ? pipeline.jpeg({ quality: 90 })
          : pipeline.webp({ quality: 90 });
    let out: { data: Buffer; info: { width: number; height: number } };
    try {
      out = await encoded.toBuffer({ resolveWithObject: true });
    } catch {
      throw new ImageRefused(UNREADABLE_MESSAGE);
    }
    return {
      data: new Uint8Array(out.data),
      contentType: type,
      width: out.info.width,
      height: out.info.height,
    };
  }
}
