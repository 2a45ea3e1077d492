/**
 * Verified contributors: the (canvas, user) pairs of users who bought pixels on a canvas, kept from
 * `tessera.pixels.committed`; and the current canvas, kept from `tessera.canvas.activated`. Both
 * writes are idempotent (an upsert of a fixed id; a pointer that only moves to a later activation),
 * so redelivered and duplicate events change nothing.
 */
import { insertIfAbsent, type Collection, type DocumentStore } from '@tessera/kit';

interface ContributorDoc {
  _id: string;
  canvasIndex: number;
  userId: string;
  firstOrderId: string;
  since: number;
}

export interface StateDoc {
  _id: string;
  canvasIndex?: number;
  atMs?: number;
  secret?: string;
  /** A one-time migration's marker (service/vote-migration.ts): when it finished, and its count. */
  doneAtMs?: number;
  count?: number;
}

const CURRENT = 'current-canvas';

export class ContributorRepository {
  private constructor(
    readonly c: Collection<ContributorDoc>,
    readonly state: Collection<StateDoc>,
  ) {}

  static async open(store: DocumentStore): Promise<ContributorRepository> {
    return new ContributorRepository(
      await store.collection<ContributorDoc>('contributors', {
        indexes: [{ fields: { canvasIndex: 1, userId: 1 }, unique: true }, { fields: { userId: 1 } }],
      }),
      await store.collection<StateDoc>('state'),
    );
  }

  async add(canvasIndex: number, userId: string, orderId: string, at: number): Promise<void> {
    await this.c.updateOne(
      { _id: `${canvasIndex}:${userId}` },
      { $setOnInsert: { canvasIndex, userId, firstOrderId: orderId, since: at } },
      { upsert: true },
    );
  }

  /** The users among `userIds` who bought pixels on `canvasIndex`. */
  async among(canvasIndex: number, userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const docs = await this.c.find({ canvasIndex, userId: { $in: [...new Set(userIds)] } });
    return new Set(docs.map((d) => d.userId));
  }

  /** The users among `userIds` who bought pixels on any canvas (vote eligibility). */
  async buyersAmong(userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const docs = await this.c.find({ userId: { $in: [...new Set(userIds)] } });
    return new Set(docs.map((d) => d.userId));
  }

  /** Whether the one-time migration `id` has finished (its marker is stored). */
  async migrated(id: string): Promise<boolean> {
    return (await this.state.findOne({ _id: id }))?.doneAtMs !== undefined;
  }

  async markMigrated(id: string, atMs: number, count: number): Promise<void> {
    await this.state.updateOne({ _id: id }, { $set: { doneAtMs: atMs, count } }, { upsert: true });
  }

  async currentCanvas(): Promise<number | null> {
    const doc = await this.state.findOne({ _id: CURRENT });
    return doc?.canvasIndex ?? null;
  }

  /** Moves the current canvas to `canvasIndex` unless a later activation is recorded already. */
  async setCurrentCanvas(canvasIndex: number, atMs: number): Promise<void> {
    const r = await this.state.updateOne(
      { _id: CURRENT, atMs: { $lt: atMs } },
      { $set: { canvasIndex, atMs } },
    );
    if (r.matchedCount === 0) {
      // false: it exists with a later (or the same) activation: keep it
      await insertIfAbsent(this.state, { _id: CURRENT, canvasIndex, atMs });
    }
  }
}
