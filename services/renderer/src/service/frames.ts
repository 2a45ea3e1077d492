/**
 * The frames of the canvases asked for, each built once from the canvas service (one StreamBoards
 * call) and then kept current from `tessera.pixels.committed` events. Events that arrive while a
 * frame is being built are queued and applied after it, so none is lost between the stream's read
 * of a board and the event; applying is idempotent, so a replay or redelivery changes nothing.
 */
import type { Client } from '@connectrpc/connect';
import { SingleFlight, withoutPeerHeaders, type Logger } from '@tessera/kit';
import type { CanvasService } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import type { PixelsCommitted } from '@tessera/proto/tessera/events/v1/events_pb.js';
import { hexToRgb, type Rgb } from '@tessera/facts/colour';
import { CanvasFrame, type FramePixel } from '../domain/frame.js';

export class FrameStore {
  /** Frames built, by canvas. */
  private readonly frames = new Map<number, CanvasFrame>();
  /** Builds under way: one per canvas, shared by its callers; a failed one is retried by the next. */
  private readonly builds = new SingleFlight<number, CanvasFrame>();
  /** Events of canvases whose frame is being built, applied once it is. */
  private readonly queued = new Map<number, PixelsCommitted[]>();
  /** Called after a frame changed (e.g. to pre-encode the common images). */
  onChange: (frame: CanvasFrame) => void = () => undefined;

  constructor(
    private readonly canvas: Client<typeof CanvasService>,
    private readonly logger: Logger,
  ) {}

  get(canvasIndex: number): Promise<CanvasFrame> {
    const frame = this.frames.get(canvasIndex);
    if (frame) return Promise.resolve(frame);
    return this.builds.run(canvasIndex, () => this.build(canvasIndex));
  }

  /** Frames loaded or being built now (for tests and metrics). */
  loaded(): number[] {
    return [...new Set([...this.frames.keys(), ...this.builds.keys()])];
  }

  private async build(canvasIndex: number): Promise<CanvasFrame> {
    const started = performance.now();
    const frame = new CanvasFrame(canvasIndex);
    const queued: PixelsCommitted[] = [];
    this.queued.set(canvasIndex, queued);
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
      // the canvas service's answer, passed on by whichever server or transport carries this call
      throw withoutPeerHeaders(err);
    } finally {
      this.queued.delete(canvasIndex);
    }
    // in the same step as the queue is dropped: an event that comes later finds the frame
    for (const ev of queued) applyEvent(frame, ev);
    this.frames.set(canvasIndex, frame);
    this.logger.info({ canvasIndex, boards, ms: Math.round(performance.now() - started) }, 'frame built');
    return frame;
  }

  /** Applies a committed-pixels event to a loaded frame (queued while building; ignored when not loaded). */
  apply(ev: PixelsCommitted): void {
    const queued = this.queued.get(ev.canvasIndex);
    if (queued) {
      queued.push(ev);
      return;
    }
    const frame = this.frames.get(ev.canvasIndex);
    if (!frame) return; // built later from the canvas service, which already has these pixels
    if (applyEvent(frame, ev)) this.onChange(frame);
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
