/**
 * The frames of the canvases asked for, each built once from the canvas service (one StreamBoards
 * call) and then kept current from `tessera.pixels.committed` events. Events that arrive while a
 * frame is being built are queued and applied after it, so none is lost between the stream's read
 * of a board and the event; applying is idempotent, so a replay or redelivery changes nothing.
 */
import { ConnectError, type Client } from '@connectrpc/connect';
import { ERROR_CODE_HEADER, ERROR_FIELD_HEADER, type Logger } from '@tessera/kit';
import type { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import type { PixelsCommitted } from '@tessera/proto/tessera/events/v1/events_pb.js';
import { hexToRgb, type Rgb } from '../domain/color.js';
import { CanvasFrame, type FramePixel } from '../domain/frame.js';

interface Entry {
  ready: Promise<CanvasFrame>;
  frame?: CanvasFrame;
  queued: PixelsCommitted[];
}

export class FrameStore {
  private readonly entries = new Map<number, Entry>();
  /** Called after a frame changed (e.g. to pre-encode the common images). */
  onChange: (frame: CanvasFrame) => void = () => undefined;

  constructor(
    private readonly canvas: Client<typeof CanvasService>,
    private readonly logger: Logger,
  ) {}

  get(canvasIndex: number): Promise<CanvasFrame> {
    let e = this.entries.get(canvasIndex);
    if (!e) {
      const entry: Entry = { queued: [], ready: Promise.resolve(undefined as unknown as CanvasFrame) };
      entry.ready = this.build(canvasIndex, entry);
      entry.ready.catch(() => this.entries.delete(canvasIndex)); // a failed build is retried by the next caller
      this.entries.set(canvasIndex, entry);
      e = entry;
    }
    return e.ready;
  }

  /** Frames loaded now (for tests and metrics). */
  loaded(): number[] {
    return [...this.entries.keys()];
  }

  private async build(canvasIndex: number, entry: Entry): Promise<CanvasFrame> {
    const started = performance.now();
    const frame = new CanvasFrame(canvasIndex);
    let boards = 0;
    try {
      for await (const res of this.canvas.streamBoards({ canvasIndex }, { timeoutMs: 55_000 })) {
        const b = res.board;
        if (!b) continue;
        frame.applyBoard({
          boardIndex: b.boardIndex,
          defaultColors: b.defaultColors,
          currentColors: b.currentColors,
          ownerSlots: b.ownerSlots,
          version: b.version,
        });
        boards++;
      }
    } catch (err) {
      throw cleanError(err);
    }
    for (const ev of entry.queued.splice(0)) applyEvent(frame, ev);
    entry.frame = frame;
    this.logger.info({ canvasIndex, boards, ms: Math.round(performance.now() - started) }, 'frame built');
    return frame;
  }

  /** Applies a committed-pixels event to a loaded frame (queued while building; ignored when not loaded). */
  apply(ev: PixelsCommitted): void {
    const e = this.entries.get(ev.canvasIndex);
    if (!e) return; // built later from the canvas service, which already has these pixels
    if (!e.frame) {
      e.queued.push(ev);
      return;
    }
    if (applyEvent(e.frame, ev)) this.onChange(e.frame);
  }
}

function applyEvent(frame: CanvasFrame, ev: PixelsCommitted): boolean {
  const pixels: FramePixel[] = [];
  for (const p of ev.pixels) {
    let rgb: Rgb;
    try {
      rgb = hexToRgb(p.color);
    } catch {
      continue; // a malformed colour never reaches a frame
    }
    pixels.push({ x: p.x, y: p.y, rgb });
  }
  return frame.applyPixels(ev.boardIndex, pixels, ev.boardVersion);
}

/**
 * A peer's error to pass on from this server: same code, message and application code, but none of
 * the peer's response headers (which would corrupt this server's own response).
 */
export function cleanError(err: unknown): unknown {
  if (!(err instanceof ConnectError)) return err;
  const meta = new Headers();
  for (const h of [ERROR_CODE_HEADER, ERROR_FIELD_HEADER]) {
    const v = err.metadata.get(h);
    if (v) meta.set(h, v);
  }
  return new ConnectError(err.rawMessage, err.code, meta);
}
