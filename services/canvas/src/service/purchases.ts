/**
 * Reserve, commit and release: each is a pure step of the board document (domain/board.ts) applied
 * by the board's group commit (board-writer.ts: the steps waiting for one board share one
 * conditional replace on (_id, version); a lost race re-reads and recomputes). CommitOrder is keyed by the order id and idempotent; it publishes
 * `tessera.pixels.committed` (id = order id) and detects the sell-out (also across replicas).
 */
import { create } from '@bufbuild/protobuf';
import { SUBJECTS } from '@tessera/facts/subjects';
import { appError, publishEvent } from '@tessera/kit';
import {
  CommitOrderResponseSchema,
  ReservePixelsResponseSchema,
  type CommitOrderRequest,
  type CommitOrderResponse,
  type ReservePixelsRequest,
  type ReservePixelsResponse,
} from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import {
  colorAt,
  commit,
  release,
  reserve,
  reservedPixels,
  type BoardDoc,
  type Reservation,
} from '../domain/board.js';
import { PIXELS_PER_BOARD, pixelAtOffset, pixelOffset, TOTAL_PIXELS } from '@tessera/facts/grid';
import { BoardWriter, type Step } from './board-writer.js';
import type { CanvasDeps } from './deps.js';
import type { SummaryCache } from './summaries.js';
import { checkBoardIndex, checkOrderId, checkOrderPixels, checkUserId } from './validate.js';

const DEFAULT_TTL_S = 15 * 60;
const MAX_TTL_S = 60 * 60;

/** What the purchases need, passed explicitly by the canvas service (not the service itself). */
export interface PurchaseDeps {
  deps: CanvasDeps;
  summaries: SummaryCache;
  /** The whole stored board of a ready canvas (NOT_FOUND otherwise). */
  readBoard: (canvasIndex: number, boardIndex: number) => Promise<BoardDoc>;
  /** Marks the canvas sold out and publishes its event once. */
  noteSoldOut: (canvasIndex: number) => Promise<void>;
}

export class Purchases {
  /** Group commit per board: concurrent steps of one board share one conditional write. */
  readonly writer: BoardWriter;
  private readonly deps: CanvasDeps;
  private readonly summaries: SummaryCache;
  private readonly readBoard: PurchaseDeps['readBoard'];
  private readonly noteSoldOut: PurchaseDeps['noteSoldOut'];

  constructor({ deps, summaries, readBoard, noteSoldOut }: PurchaseDeps) {
    this.deps = deps;
    this.summaries = summaries;
    this.readBoard = readBoard;
    this.noteSoldOut = noteSoldOut;
    this.writer = new BoardWriter(
      {
        read: readBoard,
        write: (next, expectedVersion) => deps.boards.replaceIfVersion(next, expectedVersion),
        written: (doc) => summaries.note(doc.canvasIndex, doc.boardIndex, doc.soldCount, doc.version),
      },
      { maxBatch: deps.writeBatch, random: deps.random },
    );
  }

  /** Applies a pure step to the board in its next (batched) conditional write. */
  private mutate<R>(
    canvasIndex: number,
    boardIndex: number,
    step: Step<R>,
  ): Promise<{ doc: BoardDoc; result: R }> {
    checkBoardIndex(boardIndex);
    return this.writer.apply(canvasIndex, boardIndex, step);
  }

  async reserve(req: ReservePixelsRequest): Promise<ReservePixelsResponse> {
    if (!req.checkOnly || req.orderId !== '') checkOrderId(req.orderId);
    checkBoardIndex(req.boardIndex);
    checkUserId(req.userId);
    const pixels = checkOrderPixels(req.pixels);
    const ttl = req.ttlSeconds > 0 ? Math.min(req.ttlSeconds, MAX_TTL_S) : DEFAULT_TTL_S;
    // the one lock check of a reservation: the buyer holds the board (0: with whatever token)
    const locks = this.deps.locks;
    const fencingToken = locks
      ? await locks.heldToken(req.canvasIndex, req.boardIndex, req.userId, req.fencingToken)
      : req.fencingToken;
    if (fencingToken === null)
      throw appError('LOCK_CONFLICT', 'The board lock is no longer valid', { field: 'fencing_token' });
    const now = this.deps.now();
    const input = {
      orderId: req.orderId,
      userId: req.userId,
      fencingToken,
      pixels,
      ttlMs: ttl * 1000,
    };
    const { result } = req.checkOnly
      ? { result: reserve(await this.readBoard(req.canvasIndex, req.boardIndex), input, now) }
      : await this.mutate(req.canvasIndex, req.boardIndex, (doc) => {
          const out = reserve(doc, input, now);
          return { next: out.ok ? out.board : null, result: out };
        });
    if (!result.ok) {
      const code =
        result.reason === 'ALREADY_SOLD'
          ? 'PIXEL_ALREADY_SOLD'
          : result.reason === 'STALE_FENCING_TOKEN'
            ? 'LOCK_CONFLICT'
            : 'CONFLICT';
      throw appError(code, result.message, { field: 'pixels' });
    }
    const r = result.reservation;
    let artist = 0;
    for (const p of r.pixels) if (p.isDefault) artist++;
    return create(ReservePixelsResponseSchema, {
      pixels: r.pixels.map((p) => ({
        ...pixelAtOffset(p.offset),
        color: p.color,
        isDefault: p.isDefault,
      })),
      artistColorCount: artist,
      customColorCount: r.pixels.length - artist,
      expiresAtMs: r.expiresAt,
      fencingToken: r.fencingToken,
    });
  }

  /**
   * The request's copy of the reservation, used when the stored one expired before payment arrived;
   * its pixels pass the same order rules as a reservation's.
   */
  private lateReservation(req: CommitOrderRequest, doc: BoardDoc): Reservation | undefined {
    if (!req.userId || req.pixels.length === 0) return undefined;
    checkUserId(req.userId);
    const pixels = reservedPixels(doc, checkOrderPixels(req.pixels));
    return { orderId: req.orderId, userId: req.userId, pixels, fencingToken: 0, expiresAt: 0 };
  }

  /**
   * A paid order whose buyer no longer holds the board is refused and voided (the caller refunds at
   * once; no later commit of it lands): the buyer released the lock or let it expire (nobody holds
   * the board), or another user holds it with a newer token; the new holder's pixels are never sold
   * to the old one, and a board left free is not sold to a buyer who gave it up. The lock service is
   * asked who holds the board before the write (the one lock check of a commit), and the holder is
   * compared inside the write's step with the reservation on the board as the write reads it. A new
   * holder who reserves meanwhile evicts the order's hold first, so the commit then finds its pixels
   * held and is refused by the board itself. `holder` undefined: no lock service (a core built
   * without one), the board's own checks only.
   */
  private static lostTo(
    doc: BoardDoc,
    req: CommitOrderRequest,
    holder: { userId: string; fencingToken: number } | null | undefined,
  ): boolean {
    if (holder === undefined) return false;
    if (holder === null) return true; // the buyer's lock ended (released or expired)
    const stored = doc.reservations.find((r) => r.orderId === req.orderId);
    const buyer = stored?.userId ?? req.userId;
    const token = stored?.fencingToken ?? 0;
    return holder.userId !== buyer && holder.fencingToken > token;
  }

  async commit(req: CommitOrderRequest): Promise<CommitOrderResponse> {
    checkOrderId(req.orderId);
    checkBoardIndex(req.boardIndex);
    const locks = this.deps.locks;
    const holder = locks ? await locks.current(req.canvasIndex, req.boardIndex) : undefined;
    const now = this.deps.now();
    const { doc, result } = await this.mutate(req.canvasIndex, req.boardIndex, (d) => {
      const late = () => this.lateReservation(req, d);
      const out = commit(d, req.orderId, now, late, {
        lockLost: (b) => Purchases.lostTo(b, req, holder),
      });
      // a grant is written, and so is a refusal (it voids the order: no later commit of it lands)
      return { next: out.ok ? (out.alreadyCommitted ? null : out.board) : out.board, result: out };
    });
    if (!result.ok) {
      const code =
        result.reason === 'ALREADY_SOLD'
          ? 'PIXEL_ALREADY_SOLD'
          : result.reason === 'LOCK_LOST'
            ? 'LOCK_CONFLICT'
            : 'CONFLICT';
      throw appError(code, result.message, { field: 'order_id' });
    }
    let summary = await this.summaries.get(req.canvasIndex);
    // The sale that sells the canvas out fills its board. The cached summary may not know the other
    // replicas' latest sales yet, so a filled board is checked against the store: of two replicas
    // filling the last two boards at once, at least one reload sees both writes.
    if (summary.soldPixels() < TOTAL_PIXELS && doc.soldCount >= PIXELS_PER_BOARD)
      summary = await this.summaries.fresh(req.canvasIndex);
    const soldOut = summary.soldPixels() >= TOTAL_PIXELS;
    // also on a repeated commit: the first one may have failed to publish (the id deduplicates)
    const pixels = result.alreadyCommitted
      ? req.pixels.map((p) => pixelOffset(p.x, p.y)).filter((o) => doc.owners[o] === req.userId)
      : result.committed.pixels.map((p) => p.offset);
    const userId = result.alreadyCommitted ? req.userId : result.committed.userId;
    if (pixels.length > 0)
      await this.publishCommitted(
        doc,
        req.orderId,
        userId,
        pixels,
        now,
        summary.version(),
        summary.soldPixels(),
      );
    if (soldOut) await this.noteSoldOut(req.canvasIndex);
    return create(CommitOrderResponseSchema, {
      alreadyCommitted: result.alreadyCommitted,
      pixelCount: result.alreadyCommitted ? pixels.length : result.committed.pixels.length,
      canvasSoldOut: soldOut,
    });
  }

  private async publishCommitted(
    doc: BoardDoc,
    orderId: string,
    userId: string,
    offsets: number[],
    now: number,
    canvasVersion: number,
    soldPixels: number,
  ): Promise<void> {
    // the trace context of the commit travels with the event (the renderer's consumer joins it)
    await publishEvent(
      this.deps.bus,
      SUBJECTS.pixelsCommitted,
      {
        orderId,
        canvasIndex: doc.canvasIndex,
        boardIndex: doc.boardIndex,
        userId,
        pixels: offsets.map((o) => ({
          ...pixelAtOffset(o),
          color: colorAt(doc.currentColors, o),
        })),
        committedAtMs: now,
        boardVersion: doc.version,
        canvasVersion,
        canvasSoldPixels: soldPixels,
      },
      { msgId: orderId },
    );
  }

  async release(orderId: string, canvasIndex: number, boardIndex: number): Promise<boolean> {
    checkOrderId(orderId);
    const now = this.deps.now();
    const { result } = await this.mutate(canvasIndex, boardIndex, (d) => {
      const next = release(d, orderId, now);
      return { next, result: next !== null };
    });
    return result;
  }
}
