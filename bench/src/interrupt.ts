/**
 * What a benchmark run must undo if it is stopped half way (Ctrl-C, SIGTERM): the servers and browser
 * it started and the large set it built (about 1 GB in the temporary folder and, on PostgreSQL, a
 * database of its own). Without this a stopped run left all of them behind, still running and on disk.
 */
const undoers = new Set<() => Promise<void> | void>();

/** Registers `undo` until the returned function is called (when the step finished and undid itself). */
export function undoIfInterrupted(undo: () => Promise<void> | void): () => void {
  undoers.add(undo);
  return () => undoers.delete(undo);
}

/** Undoes every registered step, all of them even when one fails. */
export async function undoInterruptedRun(): Promise<void> {
  const pending = [...undoers];
  undoers.clear();
  await Promise.allSettled(pending.map(async (undo) => undo()));
}
