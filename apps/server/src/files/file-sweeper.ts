import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { nowIso } from '../lib/clock.ts';
import type { FileStore } from './file-store.ts';
import { deleteWithTrash, settleTrash, type TrashResult } from './file-trash.ts';
import * as repo from './files.repository.ts';
import { isStoredPath } from './files.service.ts';

export interface SweepOptions {
  /** Only files older than this are swept: an upload waits for its form's Save at least this long. */
  graceMs: number;
  now?: Date;
  /** Records handled per query. */
  batchSize?: number;
}

export interface SweepResult {
  /** Files an interrupted delete left in the store's trash, put back or removed (decision 042). */
  trash: TrashResult;
  /** Stored-file records (and their bytes) deleted because no record linked them. */
  deletedRecords: number;
  /** Files in the store that had no record at all (an upload cut off between writing and recording). */
  deletedOrphans: number;
  /** Files that could not be removed; they stay recorded and are tried again at the next sweep. */
  failed: number;
}

/**
 * Decision 036: deletes stored files no record points at any more, once they are older than the grace
 * period: a deleted worker's documents, an upload abandoned before Save, a replaced photo. A file a
 * record still links is never taken: the "still unlinked" check and the delete are one statement
 * (`deleteStoredFileIfUnlinked`), and the bytes are moved to the trash in the same transaction (a
 * failed move keeps the record) and removed after its commit (decision 042). First, the deletes a
 * crash interrupted are finished (`settleTrash`); last, bytes in the store that no record knows, older
 * than the grace period, are removed.
 */
export async function sweepUnlinkedFiles(db: Db, store: FileStore, options: SweepOptions): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 500;
  const cutoff = new Date(now.getTime() - options.graceMs);
  const trash = await settleTrash(db, store, batchSize);
  const result: SweepResult = { trash, deletedRecords: 0, deletedOrphans: 0, failed: 0 };
  const failedIds = new Set<string>();

  for (;;) {
    const candidates = (await repo.findUnlinkedStoredFiles(db, nowIso(cutoff), batchSize + failedIds.size)).filter(
      (file) => !failedIds.has(file.id),
    );
    for (const file of candidates) {
      try {
        const deleted = await deleteWithTrash(db, store, async (trx, moveToTrash) => {
          if (!(await repo.deleteStoredFileIfUnlinked(trx, file.id))) return false;
          const { id, created_by, ...recorded } = file;
          await recordAudit(trx, null, { action: 'delete', entity: 'stored_file', entityId: id, before: recorded });
          await moveToTrash(file.path);
          return true;
        });
        if (deleted) result.deletedRecords++;
      } catch {
        failedIds.add(file.id);
        result.failed++;
      }
    }
    if (candidates.length < batchSize) break;
  }

  if (store.list) {
    let old: string[] = [];
    const flush = async () => {
      const recorded = await repo.findRecordedPaths(db, old);
      for (const path of old.filter((p) => !recorded.has(p))) {
        await store.remove(path).then(
          () => result.deletedOrphans++,
          () => result.failed++,
        );
      }
      old = [];
    };
    for await (const entry of store.list()) {
      // Only names this server gives; anything else in the folder is not ours to judge. A record
      // committed after the search above is no risk: its upload is younger than the grace period.
      if (entry.modifiedAt < cutoff && isStoredPath(entry.path)) old.push(entry.path);
      if (old.length >= batchSize) await flush();
    }
    await flush();
  }
  return result;
}
