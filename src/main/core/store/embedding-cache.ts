/**
 * The store's chunk_embeddings table (migration 1) as a cache of text-encoder outputs:
 * one float32 vector per (stay, chunk position, encoder id). Stays are immutable once
 * imported and the encoder id names the exact frozen encoder, so a cached vector never goes
 * stale; a new encoder simply gets its own rows. Deleting a cohort removes its rows through
 * the foreign key on note_chunks.
 *
 * Positions are the note_chunks.position values, which the store's stay writer assigns as
 * the chunk's index in the stay's `notes` array.
 */
import { blobToFloat32, float32ToBlob } from './codec';
import type { Db } from './database';
import type { Store } from './store';

export interface ChunkEmbedding {
  stayId: number;
  position: number;
  vector: Float32Array;
}

export class ChunkEmbeddingCache {
  private readonly db: Db;

  constructor(
    store: Store,
    /** The text encoder's id from the bundle manifest (textEncoder.id). */
    readonly encoderId: string,
    /** Expected vector length; rows of another length are ignored (and overwritten). */
    readonly dim: number,
  ) {
    this.db = store.db;
  }

  /** Cached vectors of the given stays, keyed by stay id, then chunk position. */
  read(stayIds: readonly number[]): Map<number, Map<number, Float32Array>> {
    const out = new Map<number, Map<number, Float32Array>>();
    // SQLite's parameter limit is generous but finite: read in slices.
    for (let start = 0; start < stayIds.length; start += 500) {
      const slice = stayIds.slice(start, start + 500);
      const rows = this.db
        .prepare(
          `SELECT stay_id, position, vector FROM chunk_embeddings
           WHERE encoder_id = ? AND stay_id IN (${slice.map(() => '?').join(',')})`,
        )
        .all(this.encoderId, ...slice) as { stay_id: number; position: number; vector: Buffer }[];
      for (const row of rows) {
        if (row.vector.byteLength !== this.dim * 4) continue;
        const byPosition = out.get(row.stay_id) ?? new Map<number, Float32Array>();
        byPosition.set(row.position, blobToFloat32(row.vector));
        out.set(row.stay_id, byPosition);
      }
    }
    return out;
  }

  /**
   * Stores vectors in one transaction (replacing rows of the same key). On a read-only
   * store (read-only media, a worker's connection) nothing is kept: a cache may miss.
   */
  write(entries: readonly ChunkEmbedding[]): void {
    if (entries.length === 0 || this.db.readonly) return;
    const insert = this.db.prepare(
      `INSERT OR REPLACE INTO chunk_embeddings (stay_id, position, encoder_id, vector)
       VALUES (?, ?, ?, ?)`,
    );
    this.db.transaction(() => {
      for (const e of entries) {
        insert.run(e.stayId, e.position, this.encoderId, float32ToBlob(e.vector));
      }
    })();
  }
}
