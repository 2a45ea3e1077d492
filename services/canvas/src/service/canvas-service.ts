/**
 * The canvas service: canvas iterations, boards and the random available pixel. Purchases
 * (reserve, commit, release) live in purchases.ts. Dependencies are injected (deps.ts).
 */
import { create } from '@bufbuild/protobuf';
import { SUBJECTS } from '@tessera/facts/subjects';
import { appError, publishEvent, refuseInput } from '@tessera/kit';
import { pixelProblem } from '@tessera/facts/inputs';
import {
  AvailablePixelSchema,
  type AvailablePixel,
  type Board,
  type Canvas,
} from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { boardColorsFromCanvasRgb } from '../domain/art.js';
import { colorAt, isHeld, newBoard, unsoldOffsets, type BoardDoc } from '../domain/board.js';
import { canvasId, type CanvasDoc } from '../domain/canvas.js';
import { DEMO_CANVAS, demoBoardColors } from '../domain/demo-art.js';
import { pixelAtOffset, TOTAL_BOARDS, TOTAL_PIXELS } from '@tessera/facts/grid';
import { pickUniform, pickWeighted } from '../domain/random.js';
import { ownedCanvasOffsets, pixelRecord, type PixelRecordView } from '../domain/pixel-info.js';
import type { CanvasDeps } from './deps.js';
import { toBoard, toCanvas } from './mappers.js';
import { CanvasHistory } from './history.js';
import { Moderation } from './moderation.js';
import { Purchases } from './purchases.js';
import { SummaryCache } from './summaries.js';
import { checkBoardIndex, checkCanvasIndex, checkNewCanvas, checkUserId } from './validate.js';

export const DEMO_CANVAS_INDEX = 1;
/** Boards read per store query when streaming a canvas. */
const STREAM_BATCH = 25;
const RANDOM_ATTEMPTS = 32;

export interface NewCanvas {
  name: string;
  description: string;
  colorsOf: (boardIndex: number) => string;
  activate: boolean;
  sourceSubmissionId?: string;
  /** The artist's name, if known. */
  artist?: string;
  /** A fixed index (the demo canvas); otherwise the next free one. */
  index?: number;
}

export class CanvasService {
  readonly summaries: SummaryCache;
  /** Reserve, commit and release (the purchase RPCs). */
  readonly purchases: Purchases;
  /** ResetPixel (moderation.ts). */
  readonly moderation: Moderation;
  /** GetCanvasHistory (history.ts). */
  readonly history: CanvasHistory;

  constructor(readonly deps: CanvasDeps) {
    this.summaries = new SummaryCache(deps.boards, deps.now, deps.summaryTtlMs ?? 5000);
    this.purchases = new Purchases({
      deps,
      summaries: this.summaries,
      readBoard: (c, b) => this.getBoardDoc(c, b),
      noteSoldOut: (c) => this.noteSoldOut(c),
    });
    this.moderation = new Moderation({ deps, summaries: this.summaries, writer: this.purchases.writer });
    this.history = new CanvasHistory({
      boards: deps.boards,
      summaries: this.summaries,
      requireCanvas: (c) => this.requireCanvas(c),
    });
  }

  async requireCanvas(canvasIndex: number): Promise<CanvasDoc> {
    checkCanvasIndex(canvasIndex);
    const doc = await this.deps.canvases.get(canvasIndex);
    if (!doc || doc.state !== 'ready')
      throw appError('NOT_FOUND', `Canvas ${canvasIndex} not found`, { field: 'canvas_index' });
    return doc;
  }

  async describe(doc: CanvasDoc): Promise<Canvas> {
    const active = await this.deps.canvases.active();
    const summary = await this.summaries.get(doc.canvasIndex);
    return toCanvas(doc, active?.canvasIndex ?? -1, active?.activatedAt ?? 0, summary);
  }

  async getActiveCanvas(): Promise<Canvas | undefined> {
    const active = await this.deps.canvases.active();
    if (!active) return undefined;
    const doc = await this.deps.canvases.get(active.canvasIndex);
    return doc && doc.state === 'ready' ? this.describe(doc) : undefined;
  }

  async getCanvas(canvasIndex: number): Promise<Canvas> {
    return this.describe(await this.requireCanvas(canvasIndex));
  }

  async listCanvases(): Promise<Canvas[]> {
    const docs = await this.deps.canvases.listReady();
    return Promise.all(docs.map((d) => this.describe(d)));
  }

  /** The whole stored board (the purchase steps). */
  getBoardDoc(canvasIndex: number, boardIndex: number): Promise<BoardDoc> {
    return this.readBoard(canvasIndex, boardIndex, (c, b) => this.deps.boards.get(c, b));
  }

  /** A board for display, read with a projection. */
  async getBoard(canvasIndex: number, boardIndex: number): Promise<Board> {
    return toBoard(await this.readBoard(canvasIndex, boardIndex, (c, b) => this.deps.boards.view(c, b)));
  }

  private async readBoard<T extends { soldCount?: number; version: number }>(
    canvasIndex: number,
    boardIndex: number,
    read: (canvasIndex: number, boardIndex: number) => Promise<T | null>,
  ): Promise<T> {
    await this.requireCanvas(canvasIndex);
    checkBoardIndex(boardIndex);
    const doc = await read(canvasIndex, boardIndex);
    if (!doc)
      throw appError('NOT_FOUND', `Board ${boardIndex} of canvas ${canvasIndex} not found`, {
        field: 'board_index',
      });
    if (doc.soldCount !== undefined) this.summaries.note(canvasIndex, boardIndex, doc.soldCount, doc.version);
    return doc;
  }

  /** Every board of a canvas, read in batches; `canvasVersion` is the version the stream started at. */
  async *streamBoards(canvasIndex: number): AsyncGenerator<{ board: Board; canvasVersion: number }> {
    await this.requireCanvas(canvasIndex);
    const canvasVersion = (await this.summaries.get(canvasIndex)).version();
    for (let from = 0; from < TOTAL_BOARDS; from += STREAM_BATCH) {
      const docs = await this.deps.boards.range(canvasIndex, from, from + STREAM_BATCH);
      for (const d of docs) yield { board: toBoard(d), canvasVersion };
    }
  }

  /**
   * Uniform over the unsold, unreserved pixels: a board weighted by its unsold count, a uniform
   * unsold pixel of it, retried when that pixel is held by a reservation (rejection sampling keeps
   * it uniform). Undefined when none is left.
   */
  async getRandomAvailablePixel(canvasIndex: number): Promise<AvailablePixel | undefined> {
    await this.requireCanvas(canvasIndex);
    const summary = await this.summaries.get(canvasIndex);
    const weights = new Int32Array(TOTAL_BOARDS);
    for (let attempt = 0; attempt < RANDOM_ATTEMPTS; attempt++) {
      for (let b = 0; b < TOTAL_BOARDS; b++) weights[b] = summary.unsold(b);
      const boardIndex = pickWeighted(weights, this.deps.random());
      if (boardIndex < 0) break;
      const doc = await this.deps.boards.get(canvasIndex, boardIndex);
      if (!doc) break;
      this.summaries.note(canvasIndex, boardIndex, doc.soldCount, doc.version);
      const offset = pickUniform(unsoldOffsets(doc), this.deps.random());
      if (offset === undefined) continue; // the summary was stale; it is corrected now
      if (isHeld(doc, offset, this.deps.now())) continue;
      return create(AvailablePixelSchema, {
        canvasIndex,
        boardIndex,
        ...pixelAtOffset(offset),
        currentColor: colorAt(doc.currentColors, offset),
        defaultColor: colorAt(doc.defaultColors, offset),
      });
    }
    if (summary.soldPixels() >= TOTAL_PIXELS) await this.noteSoldOut(canvasIndex);
    return undefined;
  }

  /** Marks the canvas sold out and publishes `tessera.canvas.soldout` (id = canvas index) once. */
  async noteSoldOut(canvasIndex: number): Promise<void> {
    const doc = await this.deps.canvases.get(canvasIndex);
    if (!doc || doc.soldOut) return;
    const now = this.deps.now();
    // publish first (deduplicated by id), then mark: a crash in between publishes again, never loses it
    await publishEvent(
      this.deps.bus,
      SUBJECTS.canvasSoldOut,
      { canvasIndex, atMs: now },
      {
        msgId: `soldout-${canvasIndex}`,
      },
    );
    if (await this.deps.canvases.markSoldOut(canvasIndex, now))
      this.deps.logger.info({ canvasIndex }, 'canvas sold out');
  }

  /**
   * Creates a canvas, or finishes the one already made from the same source (idempotent per
   * `sourceSubmissionId`, also under concurrent calls: the canvas document carries `source` under a
   * sparse unique index, so of two creators only one document can exist; the other finds it and
   * finishes it alike). Boards are inserted only if missing, so a creation cut short is completed by
   * the next call. The first creation's name and colours are kept.
   */
  async createCanvas(spec: NewCanvas): Promise<CanvasDoc> {
    const { canvases, boards, now } = this.deps;
    const source = spec.sourceSubmissionId || undefined;
    let index = spec.index ?? (await canvases.highestIndex()) + 1;
    let doc: CanvasDoc;
    for (;;) {
      const existing = source ? await canvases.findBySource(source) : null;
      if (existing) {
        doc = existing;
        index = existing.canvasIndex;
        break;
      }
      doc = {
        _id: canvasId(index),
        canvasIndex: index,
        name: spec.name,
        description: spec.description,
        state: 'creating',
        createdAt: now(),
        soldOut: false,
        soldOutAt: 0,
        sourceSubmissionId: spec.sourceSubmissionId ?? '',
        ...(spec.artist ? { artist: spec.artist } : {}),
        ...(source ? { source } : {}),
      };
      if (await canvases.insert(doc)) break;
      if (spec.index !== undefined) break; // a fixed index claimed by a concurrent creator: finish it alike
      // the index was taken, or the source was (the loop then finds that canvas)
      index = (await canvases.highestIndex()) + 1;
    }
    if (doc.state === 'ready') {
      if (spec.activate) await this.activateCanvas(index);
      return doc;
    }
    for (let from = 0; from < TOTAL_BOARDS; from += STREAM_BATCH) {
      const batch: Promise<boolean>[] = [];
      for (let b = from; b < Math.min(TOTAL_BOARDS, from + STREAM_BATCH); b++) {
        batch.push(boards.insertIfMissing(newBoard(index, b, spec.colorsOf(b), now())));
      }
      await Promise.all(batch);
    }
    await canvases.markReady(index);
    if (spec.activate) await this.activateCanvas(index);
    return { ...doc, state: 'ready' };
  }

  async createCanvasFromRgb(
    name: string,
    description: string,
    rgb: Uint8Array,
    activate: boolean,
    source: string,
    artist = '',
  ): Promise<Canvas> {
    checkNewCanvas(name, description, rgb, source, artist);
    const colorsOf = (b: number) => boardColorsFromCanvasRgb(rgb, b);
    const doc = await this.createCanvas({
      name: name.trim(),
      description: description.trim(),
      colorsOf,
      activate,
      sourceSubmissionId: source,
      artist: artist.trim(),
    });
    return this.describe(doc);
  }

  /**
   * Points the active pointer at the canvas and publishes `tessera.canvas.activated` (id
   * `activated-<canvas>-<previous>`). Activating the active canvas again publishes the same event
   * again (deduplicated by its id), so an event lost after the pointer moved is repaired by a retry.
   */
  async activateCanvas(canvasIndex: number): Promise<Canvas> {
    const doc = await this.requireCanvas(canvasIndex);
    const now = this.deps.now();
    const { previous, changed } = await this.deps.canvases.activate(canvasIndex, now);
    await publishEvent(
      this.deps.bus,
      SUBJECTS.canvasActivated,
      {
        canvasIndex,
        name: doc.name,
        previousCanvasIndex: previous,
        sourceSubmissionId: doc.sourceSubmissionId,
        atMs: now,
      },
      { msgId: `activated-${canvasIndex}-${previous}` },
    );
    if (changed) this.deps.logger.info({ canvasIndex, previous }, 'canvas activated');
    return this.describe(doc);
  }

  /**
   * On the first start of an empty store: the demo canvas from the artwork drawn in code, active.
   * Idempotent under concurrent starts: the index is fixed, boards are inserted only if missing and
   * the active pointer is set only if there is none.
   */
  async ensureDemoCanvas(): Promise<void> {
    const { canvases, logger } = this.deps;
    if ((await canvases.countAll()) > 0) {
      const demo = await canvases.get(DEMO_CANVAS_INDEX);
      if (!demo || demo.state === 'ready') return; // only finish a demo canvas left half-created
    }
    await this.createCanvas({
      ...DEMO_CANVAS,
      colorsOf: demoBoardColors,
      activate: false,
      index: DEMO_CANVAS_INDEX,
    });
    if (await canvases.activateIfNone(DEMO_CANVAS_INDEX, this.deps.now())) {
      logger.info({ canvasIndex: DEMO_CANVAS_INDEX }, 'demo canvas created and activated');
    }
  }

  async getUserPixelCount(userId: string, canvasIndex: number): Promise<number> {
    checkUserId(userId);
    await this.requireCanvas(canvasIndex);
    return this.deps.boards.countOwnedBy(canvasIndex, userId);
  }

  /** One pixel's record (pixel info). */
  async getPixel(canvasIndex: number, boardIndex: number, x: number, y: number): Promise<PixelRecordView> {
    checkBoardIndex(boardIndex);
    refuseInput(pixelProblem(x, y, 'x'));
    await this.requireCanvas(canvasIndex);
    const board = await this.deps.boards.get(canvasIndex, boardIndex);
    if (!board) throw appError('NOT_FOUND', `Board ${boardIndex} not found`, { field: 'board_index' });
    return pixelRecord(board, x, y);
  }

  /** Canvas-wide offsets of the pixels a user owns on a canvas. */
  async listUserPixels(userId: string, canvasIndex: number): Promise<number[]> {
    checkUserId(userId);
    await this.requireCanvas(canvasIndex);
    return ownedCanvasOffsets(await this.deps.boards.ownedBy(canvasIndex, userId), userId);
  }
}
