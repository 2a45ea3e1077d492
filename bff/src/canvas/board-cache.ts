/**
 * Board pixels as the spec's JSON (board-json.ts), built once per board version and kept in its
 * brotli and gzip forms (about 3.5 and 6.6 KB of a 198 KB JSON text; the text itself is not kept, a
 * client that takes neither gets it inflated from the gzip form) until a change makes it stale, so a
 * hit answers from memory with no service call and no serialisation.
 *
 * Staleness comes from the change feed (change-feed.ts), never a TTL:
 * - `tessera.pixels.committed` carries the board's new version: an entry older than it is dropped,
 *   and a read that was in flight when it arrived may only be stored if it already has that version
 *   (the canvas service publishes after its write, so a read that started later sees it);
 * - `tessera.pixels.reset` carries no board version: the board's entry is dropped and any read in
 *   flight for it is not stored (an epoch per board);
 * - `tessera.canvas.activated` drops everything (a global epoch).
 * Reads in flight are shared (one service call per board however many ask), but a request that
 * arrives after a change starts its own read instead of joining one from before the change.
 * Entries are only stored while the feed is live; without it every request reads through.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { BoundedMap, SingleFlight, touch } from '@tessera/kit';
import type { Board } from '@tessera/proto/tessera/canvas/v1/canvas_pb.js';
import { boardPixelsJson } from './board-json.js';
import type { CanvasChange, ChangeFeed } from './change-feed.js';
import { compressBrotli, compressGzip } from '../middleware/compress.js';

export interface BoardBody {
  version: number;
  etag: string;
  /** Bytes of the JSON text. */
  jsonBytes: number;
  br: Buffer;
  gzip: Buffer;
}

const gunzip = promisify(zlib.gunzip);

/** The JSON text of a body (for the rare client that accepts neither brotli nor gzip). */
export function plainJson(body: BoardBody): Promise<Buffer> {
  return gunzip(body.gzip);
}

interface KeyState {
  /** Highest board version announced by a commit event. */
  minVersion: number;
  /** Bumped by every change that carries no version (reset). */
  epoch: number;
}

/** Entries kept (625 boards of the active canvas and some of others). */
const MAX_ENTRIES = 2048;

export function boardEtag(canvasIndex: number, boardIndex: number, version: number): string {
  return `W/"b${canvasIndex}-${boardIndex}-v${version}"`;
}

export async function buildBoardBody(board: Board, canvasIndex: number): Promise<BoardBody> {
  const json = Buffer.from(boardPixelsJson(board));
  const [br, gzip] = await Promise.all([compressBrotli(json), compressGzip(json)]);
  return {
    version: board.version,
    etag: boardEtag(canvasIndex, board.boardIndex, board.version),
    jsonBytes: json.length,
    br,
    gzip,
  };
}

export class BoardCache {
  private readonly entries = new BoundedMap<string, BoardBody>(MAX_ENTRIES);
  private readonly state = new Map<string, KeyState>();
  /** Reads in flight, shared by the requests of one epoch of a board (`<key>@<epoch>`). */
  private readonly reads = new SingleFlight<string, BoardBody | null>();
  private globalEpoch = 0;
  /** Served from memory / read from the canvas service (tests, metrics). */
  hits = 0;
  misses = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly load: (canvasIndex: number, boardIndex: number) => Promise<Board | undefined>,
  ) {
    feed.listen((change) => this.onChange(change));
  }

  /** The board's current body when it is in memory (a hit), else undefined; no service call. */
  peek(canvasIndex: number, boardIndex: number): BoardBody | undefined {
    const key = `${canvasIndex}/${boardIndex}`;
    const hit = touch(this.entries, key); // most recently used last
    if (hit) this.hits++;
    return hit;
  }

  /** The board's body (null: no such board), from memory when current. */
  async get(canvasIndex: number, boardIndex: number): Promise<BoardBody | null> {
    const hit = this.peek(canvasIndex, boardIndex);
    if (hit) return hit;
    const key = `${canvasIndex}/${boardIndex}`;
    this.misses++;
    const live = await this.feed.live();
    const epoch = this.epochOf(key);
    return this.reads.run(`${key}@${epoch}`, () => this.read(key, canvasIndex, boardIndex, epoch, live));
  }

  private async read(
    key: string,
    canvasIndex: number,
    boardIndex: number,
    epoch: string,
    live: boolean,
  ): Promise<BoardBody | null> {
    const board = await this.load(canvasIndex, boardIndex);
    if (!board) return null;
    const body = await buildBoardBody(board, canvasIndex);
    const st = this.state.get(key);
    if (live && this.epochOf(key) === epoch && body.version >= (st?.minVersion ?? 0)) this.store(key, body);
    return body;
  }

  private store(key: string, body: BoardBody): void {
    const old = this.entries.get(key);
    if (old && old.version > body.version) return;
    this.entries.delete(key);
    this.entries.set(key, body);
  }

  private epochOf(key: string): string {
    return `${this.globalEpoch}.${this.state.get(key)?.epoch ?? 0}`;
  }

  private onChange(change: CanvasChange): void {
    if (change.kind === 'activated') {
      this.globalEpoch++;
      this.entries.clear();
      this.state.clear();
      // every key's epoch is new: no request joins a read of the previous canvas
      return;
    }
    const key = `${change.canvasIndex}/${change.boardIndex}`;
    const st = this.state.get(key) ?? { minVersion: 0, epoch: 0 };
    this.state.set(key, st);
    if (change.kind === 'reset') {
      st.epoch++; // a read of the previous epoch is joined by no later request
      this.entries.delete(key);
      return;
    }
    st.minVersion = Math.max(st.minVersion, change.boardVersion);
    const entry = this.entries.get(key);
    if (entry && entry.version < change.boardVersion) this.entries.delete(key);
    // a read in flight may predate the change: later requests start their own
    if (entry === undefined || entry.version < change.boardVersion)
      this.reads.forget(`${key}@${this.epochOf(key)}`);
  }
}
