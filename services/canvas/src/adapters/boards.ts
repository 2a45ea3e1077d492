/**
 * Board documents in the document store (collection `boards`, one document per (canvas, board)).
 * Every change is one conditional replace on (_id, version): a compare-and-set, so concurrent
 * writers of one board are serialised by the store without transactions.
 */
import { insertIfAbsent, type Collection, type DocumentStore } from '@tessera/kit';
import { boardId, type BoardDoc } from '../domain/board.js';
import type { HistoryBoard } from '../domain/history.js';

export interface BoardSummaryRow {
  _id: string;
  boardIndex: number;
  soldCount: number;
  version: number;
}

/** What reading a board for display needs: no sale times, reservations or committed order ids. */
export type BoardView = Pick<
  BoardDoc,
  | '_id'
  | 'canvasIndex'
  | 'boardIndex'
  | 'defaultColors'
  | 'currentColors'
  | 'owners'
  | 'soldCount'
  | 'version'
  | 'lastModified'
>;

const VIEW_PROJECTION = {
  canvasIndex: 1,
  boardIndex: 1,
  defaultColors: 1,
  currentColors: 1,
  owners: 1,
  soldCount: 1,
  version: 1,
  lastModified: 1,
} as const;

export class BoardRepository {
  private constructor(private readonly boards: Collection<BoardDoc>) {}

  static async open(store: DocumentStore): Promise<BoardRepository> {
    const boards = await store.collection<BoardDoc>('boards', {
      indexes: [{ fields: { canvasIndex: 1, boardIndex: 1 }, unique: true, name: 'canvas_board' }],
    });
    return new BoardRepository(boards);
  }

  get(canvasIndex: number, boardIndex: number): Promise<BoardDoc | null> {
    return this.boards.findOne({ _id: boardId(canvasIndex, boardIndex) });
  }

  /** A board for display (projected: the store copies and sends only what is shown). */
  view(canvasIndex: number, boardIndex: number): Promise<BoardView | null> {
    return this.boards.findOne({ _id: boardId(canvasIndex, boardIndex) }, { projection: VIEW_PROJECTION });
  }

  /** Boards `from` (inclusive) to `to` (exclusive) of a canvas, by board index, for display. */
  range(canvasIndex: number, from: number, to: number): Promise<BoardView[]> {
    return this.boards.find(
      { canvasIndex, boardIndex: { $gte: from, $lt: to } },
      { sort: { boardIndex: 1 }, projection: VIEW_PROJECTION },
    );
  }

  /** Boards `from` to `to` (exclusive) of a canvas that sold any pixel: what the history reads. */
  soldRange(canvasIndex: number, from: number, to: number): Promise<HistoryBoard[]> {
    return this.boards.find(
      { canvasIndex, boardIndex: { $gte: from, $lt: to }, soldCount: { $gt: 0 } },
      { sort: { boardIndex: 1 }, projection: { boardIndex: 1, currentColors: 1, owners: 1, soldAt: 1 } },
    );
  }

  /** Sold count and version of every board of a canvas (small projection). */
  summaries(canvasIndex: number): Promise<BoardSummaryRow[]> {
    return this.boards.find(
      { canvasIndex },
      { projection: { boardIndex: 1, soldCount: 1, version: 1 } },
    ) as unknown as Promise<BoardSummaryRow[]>;
  }

  count(canvasIndex: number): Promise<number> {
    return this.boards.countDocuments({ canvasIndex });
  }

  /** Inserts unless the board exists already (creation is idempotent); true when inserted. */
  insertIfMissing(doc: BoardDoc): Promise<boolean> {
    return insertIfAbsent(this.boards, doc);
  }

  /** Writes `next` only if the stored board still has `expectedVersion`; false when it changed. */
  async replaceIfVersion(next: BoardDoc, expectedVersion: number): Promise<boolean> {
    const res = await this.boards.replaceOne({ _id: next._id, version: expectedVersion }, next);
    return res.matchedCount === 1;
  }

  /** Number of pixels a user owns on a canvas. */
  async countOwnedBy(canvasIndex: number, userId: string): Promise<number> {
    const docs = await this.ownedBy(canvasIndex, userId);
    let n = 0;
    for (const d of docs) for (const o of d.owners) if (o === userId) n++;
    return n;
  }

  /** The boards of a canvas where a user owns a pixel (board index and owners only). */
  ownedBy(canvasIndex: number, userId: string): Promise<Pick<BoardDoc, 'boardIndex' | 'owners'>[]> {
    return this.boards.find({ canvasIndex, owners: userId }, { projection: { boardIndex: 1, owners: 1 } });
  }
}
