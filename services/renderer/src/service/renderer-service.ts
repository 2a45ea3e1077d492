/**
 * The renderer service: composite images and board thumbnails of a canvas, encoded from the
 * in-memory frames (frames.ts) and cached by content tag (image-cache.ts). A cache hit never
 * encodes; a request whose If-None-Match still matches gets `not_modified` and no bytes.
 */
import { decodeEvent } from '@tessera/facts/events';
import { SUBJECTS } from '@tessera/facts/subjects';
import {
  appError,
  etagMatches,
  refuseInput,
  type AdmissionGate,
  type BusMessage,
  type Logger,
} from '@tessera/kit';
import type { Message } from '@bufbuild/protobuf';
import {
  ImageFormat,
  type RenderBoardThumbnailRequest,
  type RenderCompositeRequest,
  type RenderedImage,
} from '@tessera/proto/tessera/renderer/v1/renderer_pb.js';
import { BOARD_SIZE, CANVAS_SIZE } from '@tessera/facts/grid';
import { boardIndexProblem, canvasIndexProblem } from '@tessera/facts/inputs';
import { COMPOSITE_IMAGE } from '@tessera/facts/render';
import type { CanvasFrame } from '../domain/frame.js';
import { drawGrid, upscale } from '../domain/raster.js';
import { encodeCost, encodeGate, type EncodeGateOptions } from './encode-gate.js';
import type { FrameStore } from './frames.js';
import { ImageCache } from './image-cache.js';
import { CONTENT_TYPES, type Format, type ImageCodec } from './ports.js';
import { ArtworkRasterizer } from './rasterize.js';
import { RenderSchedule, type Snapshot } from './render-schedule.js';

export interface RendererOptions {
  /** Bytes of encoded images kept (default 64 MiB). */
  cacheBytes?: number;
  /**
   * Delay of the background re-encode of the page's images after a change (default 1 s; -1: none).
   * Only an image someone asked for within `warmInterestMs` is re-encoded ahead of the next request.
   */
  warmDelayMs?: number;
  /** How long after a request for one of the page's images it is still re-encoded ahead (default 60 s). */
  warmInterestMs?: number;
  /** Shortest time between two encodes of one image family (default 1 s). */
  minEncodeIntervalMs?: number;
  /** Encodes at once, their memory and the waiting line (encode-gate.ts). */
  gate?: EncodeGateOptions;
}

/** What the service is built on, injected (tests pass their own frame store and codec). */
export interface RendererDeps {
  frames: FrameStore;
  /** The image codec (sharp in the process, adapters/sharp-images.ts). */
  images: ImageCodec;
  logger: Logger;
}

/** What a composite render takes: the RPC request's fields (tests pass plain objects). */
export type RenderParams = Omit<RenderCompositeRequest, keyof Message>;
/** What a board thumbnail takes: the RPC request's fields. */
export type ThumbnailParams = Omit<RenderBoardThumbnailRequest, keyof Message>;

interface Checked {
  format: Format;
  scale: number;
  quality: number;
  view: 'live' | 'preview';
}

const PROTO_FORMATS: Record<Format, ImageFormat> = { webp: ImageFormat.WEBP, png: ImageFormat.PNG };
const FORMAT_OF = new Map(Object.entries(PROTO_FORMATS).map(([name, value]) => [value, name as Format]));

/** The images the canvas page asks for (COMPOSITE_IMAGE), pre-encoded after changes. */
const WARM: Omit<RenderParams, 'canvasIndex' | 'ifNoneMatch' | 'preview'> = {
  ...COMPOSITE_IMAGE,
  format: PROTO_FORMATS[COMPOSITE_IMAGE.format],
};

/** A field left unset (0) asks for the page's image: its format, scale and quality. */
function check(p: Pick<RenderParams, 'canvasIndex' | 'format' | 'scale' | 'quality' | 'preview'>): Checked {
  refuseInput(canvasIndexProblem(p.canvasIndex));
  const scale = p.scale === 0 ? COMPOSITE_IMAGE.scale : p.scale;
  if (!Number.isInteger(scale) || scale < 1 || scale > 4)
    throw appError('VALIDATION_ERROR', 'scale must be an integer from 1 to 4', { field: 'scale' });
  const quality = p.quality === 0 ? COMPOSITE_IMAGE.quality : p.quality;
  if (!Number.isInteger(quality) || quality < 1 || quality > 100)
    throw appError('VALIDATION_ERROR', 'quality must be an integer from 1 to 100', { field: 'quality' });
  const format = p.format === ImageFormat.UNSPECIFIED ? COMPOSITE_IMAGE.format : FORMAT_OF.get(p.format);
  if (!format) throw appError('VALIDATION_ERROR', 'format must be webp or png', { field: 'format' });
  return { format, scale, quality: format === 'png' ? 0 : quality, view: p.preview ? 'preview' : 'live' };
}

/** True for the page's own image (the one worth pre-encoding). */
function isPageImage(c: Checked, grid: boolean): boolean {
  return (
    c.format === COMPOSITE_IMAGE.format &&
    c.scale === COMPOSITE_IMAGE.scale &&
    c.quality === COMPOSITE_IMAGE.quality &&
    grid === COMPOSITE_IMAGE.grid
  );
}

export class RendererService {
  readonly cache: ImageCache;
  /** RasterizeArtwork (rasterize.ts): its own bounded lane, apart from the composite encodes. */
  readonly artwork: ArtworkRasterizer;
  readonly gate: AdmissionGate;
  readonly schedule: RenderSchedule;
  private warmTimer: NodeJS.Timeout | undefined;
  /** When each of the page's images (`c{canvas}-{view}`) was last asked for (performance.now()). */
  private readonly asked = new Map<string, number>();
  private readonly warmInterestMs: number;
  readonly frames: FrameStore;
  private readonly images: ImageCodec;
  private readonly logger: Logger;

  constructor({ frames, images, logger, ...opts }: RendererDeps & RendererOptions) {
    this.frames = frames;
    this.images = images;
    this.logger = logger;
    this.artwork = new ArtworkRasterizer(images);
    this.cache = new ImageCache(opts.cacheBytes);
    this.gate = encodeGate(opts.gate);
    this.schedule = new RenderSchedule(this.cache, this.gate, opts.minEncodeIntervalMs ?? 1000);
    this.warmInterestMs = opts.warmInterestMs ?? 60_000;
    const delay = opts.warmDelayMs ?? 1000;
    if (delay >= 0) frames.onChange = (frame) => this.scheduleWarm(frame, delay);
  }

  /** Handler of `tessera.pixels.committed` (a durable consumer): idempotent. */
  async onCommitted(msg: BusMessage): Promise<void> {
    this.frames.apply(decodeEvent(SUBJECTS.pixelsCommitted, msg.data));
  }

  async renderComposite(p: RenderParams): Promise<RenderedImage> {
    return this.composite(p, false);
  }

  /** A composite; `warm`: the background re-encode, which does not count as someone asking. */
  private async composite(p: RenderParams, warm: boolean): Promise<RenderedImage> {
    const c = check(p);
    if (!warm && isPageImage(c, p.grid)) this.asked.set(`c${p.canvasIndex}-${c.view}`, performance.now());
    const frame = await this.frames.get(p.canvasIndex);
    const options = `${c.view}-${c.format}-s${c.scale}-q${c.quality}-g${p.grid ? 1 : 0}`;
    return this.respond(frame, options, CANVAS_SIZE * c.scale, p.ifNoneMatch, c, () => {
      // copied now, synchronously: the frame keeps changing while the encode runs
      const raw = Buffer.from(c.view === 'live' ? frame.live : frame.preview);
      const size = CANVAS_SIZE * c.scale;
      const img = upscale(raw, CANVAS_SIZE, c.scale);
      if (p.grid) drawGrid(img, size, c.scale);
      return { raw: img, size };
    });
  }

  async renderBoardThumbnail(p: ThumbnailParams): Promise<RenderedImage> {
    const c = check({ ...p, quality: 100 });
    refuseInput(boardIndexProblem(p.boardIndex));
    const frame = await this.frames.get(p.canvasIndex);
    const options = `b${p.boardIndex}-${c.view}-${c.format}-s${c.scale}`;
    return this.respond(frame, options, BOARD_SIZE * c.scale, p.ifNoneMatch, c, () => ({
      raw: upscale(frame.boardTile(p.boardIndex, c.view), BOARD_SIZE, c.scale),
      size: BOARD_SIZE * c.scale,
    }));
  }

  /**
   * `not_modified` when If-None-Match names the current content; else the current image from the
   * cache or the family's next encode (render-schedule.ts: at most one encode per family per second,
   * bounded by the encode gate). The image's family is its canvas and `options`; its ETag, the
   * frame's current tag and `options`.
   */
  private async respond(
    frame: CanvasFrame,
    options: string,
    side: number,
    ifNoneMatch: string,
    c: Checked,
    raster: Snapshot['raster'],
  ): Promise<RenderedImage> {
    const family = `c${frame.canvasIndex}-${options}`;
    const current = (): Snapshot => ({
      etag: `"${frame.tag()}-${options}"`,
      version: frame.version(),
      raster,
    });
    const canvasVersion = frame.version();
    const { etag } = current();
    if (etagMatches(ifNoneMatch, etag)) {
      return {
        $typeName: 'tessera.renderer.v1.RenderedImage',
        data: new Uint8Array(),
        contentType: CONTENT_TYPES[c.format],
        etag,
        notModified: true,
        canvasVersion,
      };
    }
    const img = await this.schedule.image(family, encodeCost(side), current, async (raw, size) => {
      const started = performance.now();
      const data = await this.images.encodeRgb(raw, size, size, c.format, c.quality || 100);
      this.logger.info(
        { family, bytes: data.length, ms: Math.round(performance.now() - started) },
        'image encoded',
      );
      return { data, contentType: CONTENT_TYPES[c.format] };
    });
    return {
      $typeName: 'tessera.renderer.v1.RenderedImage',
      data: img.data,
      contentType: img.contentType,
      etag: img.etag,
      notModified: false,
      canvasVersion: img.version,
    };
  }

  /** The page's views of `canvasIndex` that someone asked for recently (the ones worth pre-encoding). */
  private wanted(canvasIndex: number): boolean[] {
    const since = performance.now() - this.warmInterestMs;
    return [false, true].filter((preview) => {
      const at = this.asked.get(`c${canvasIndex}-${preview ? 'preview' : 'live'}`);
      return at !== undefined && at >= since;
    });
  }

  /**
   * After a change, re-encodes the page's images that someone asked for recently, so their next
   * request is a cache hit; an image nobody looks at is encoded when it is asked for, not before.
   */
  private scheduleWarm(frame: CanvasFrame, delayMs: number): void {
    if (this.warmTimer || this.wanted(frame.canvasIndex).length === 0) return;
    this.warmTimer = setTimeout(() => {
      this.warmTimer = undefined;
      for (const preview of this.wanted(frame.canvasIndex)) {
        this.composite({ ...WARM, canvasIndex: frame.canvasIndex, preview, ifNoneMatch: '' }, true).catch(
          (err: unknown) => this.logger.warn({ err }, 'pre-encoding failed'),
        );
      }
    }, delayMs);
    this.warmTimer.unref();
  }

  close(): void {
    clearTimeout(this.warmTimer);
    this.warmTimer = undefined;
  }
}
