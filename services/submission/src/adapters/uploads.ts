/**
 * Upload forms handed out and what became of them. A form's key is used once: storing an upload
 * first moves its record from `issued` to `storing` with one conditional update, so a second upload
 * with the same signed fields is refused; a stored image remembers its owner, so only that user can
 * make it a submission's image.
 */
import type { Collection, DocumentStore } from '@tessera/kit';

export type UploadState = 'issued' | 'storing' | 'stored' | 'refused';

export interface UploadDoc {
  /** The object key. */
  _id: string;
  userId: string;
  contentType: string;
  issuedAt: number;
  expiresAt: number;
  state: UploadState;
  size?: number;
  width?: number;
  height?: number;
  endedAt?: number;
  reason?: string;
}

export class UploadRepository {
  private constructor(readonly c: Collection<UploadDoc>) {}

  static async open(store: DocumentStore): Promise<UploadRepository> {
    return new UploadRepository(
      await store.collection<UploadDoc>('uploads', { indexes: [{ fields: { userId: 1, issuedAt: -1 } }] }),
    );
  }

  issue(doc: UploadDoc): Promise<void> {
    return this.c.insertOne(doc);
  }

  get(key: string): Promise<UploadDoc | null> {
    return this.c.findOne({ _id: key });
  }

  /** Takes an issued key for storing (once); null when it is unknown, used or expired. */
  claim(key: string, now: number): Promise<UploadDoc | null> {
    return this.c.findOneAndUpdate(
      { _id: key, state: 'issued', expiresAt: { $gt: now } },
      { $set: { state: 'storing' } },
      { returnDocument: 'after' },
    );
  }

  async end(key: string, state: 'stored' | 'refused', fields: Partial<UploadDoc>): Promise<void> {
    await this.c.updateOne({ _id: key, state: 'storing' }, { $set: { ...fields, state } });
  }

  /** Forms handed out to a user since `since` (a bound on how many one user may ask for). */
  issuedSince(userId: string, since: number): Promise<number> {
    return this.c.countDocuments({ userId, issuedAt: { $gte: since } });
  }
}
