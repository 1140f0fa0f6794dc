import type { Db } from '../db/database.ts';
import type { FileStore } from './file-store.ts';
import * as repo from './files.repository.ts';

/**
 * Decision 042: deleting a stored file is a database transaction (the record, its links, the audit
 * entries) and a change on disk, which cannot commit together. The bytes are therefore moved into the
 * store's trash inside the transaction (a failed move rolls the transaction back, so nothing changes)
 * and removed from the trash only after the commit. A crash in between leaves the file in the trash,
 * where `settleTrash` finds it: a record that is still there gets its file back, a file whose record
 * is gone is removed. Either way no record points at missing bytes and no bytes stay for ever.
 *
 * `work` runs in the transaction and calls `trash(path)` for each file whose record it deletes.
 */
export async function deleteWithTrash<T>(
  db: Db,
  store: FileStore,
  work: (trx: Db, trash: (path: string) => Promise<void>) => Promise<T>,
): Promise<T> {
  const trashed: string[] = [];
  let result: T;
  try {
    result = await db.transaction().execute((trx) =>
      work(trx, async (path) => {
        // Noted before the move: a move that failed half way is put back too (nothing trashed is a no-op).
        trashed.push(path);
        await store.moveToTrash(path);
      }),
    );
  } catch (error) {
    // Rolled back (or, rarely, a commit whose answer was lost): the files go back where the records
    // are. A file put back without its record is bytes no record knows, which the sweep removes.
    for (const path of trashed) await store.restoreFromTrash(path).catch(() => undefined);
    throw error;
  }
  // Committed: the trash copy is no one's any more. A failure here leaves it to `settleTrash`.
  for (const path of trashed) await store.removeFromTrash(path).catch(() => undefined);
  return result;
}

export interface TrashResult {
  /** Files put back because their record still exists (a crash before the delete committed). */
  restored: number;
  /** Files removed because their record is gone (a crash after the commit, before the removal). */
  removed: number;
  /** Files that could be neither; they stay in the trash for the next time. */
  failed: number;
}

/**
 * Finishes the deletes a crash interrupted (decision 042): every file in the trash goes back to its
 * place when its record still exists, and out of the store when it does not. Run at start, before the
 * server answers, and by every sweep. A delete under way in another server at that moment may see its
 * file put back before it commits: the file is then bytes no record knows, removed by a later sweep.
 */
export async function settleTrash(db: Db, store: FileStore, batchSize = 500): Promise<TrashResult> {
  const result: TrashResult = { restored: 0, removed: 0, failed: 0 };
  let batch: string[] = [];
  const flush = async () => {
    const recorded = await repo.findRecordedPaths(db, batch);
    for (const path of batch) {
      const settle = recorded.has(path) ? store.restoreFromTrash(path) : store.removeFromTrash(path);
      await settle.then(
        () => (recorded.has(path) ? result.restored++ : result.removed++),
        () => result.failed++,
      );
    }
    batch = [];
  };
  for await (const path of store.listTrash()) {
    batch.push(path);
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return result;
}
