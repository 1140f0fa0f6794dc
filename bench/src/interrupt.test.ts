import { describe, expect, it } from 'vitest';
import { undoIfInterrupted, undoInterruptedRun } from './interrupt.ts';

describe('undoing an interrupted bench run', () => {
  it('undoes the steps still registered, each once, all of them when one fails', async () => {
    const undone: string[] = [];
    undoIfInterrupted(async () => {
      undone.push('servers');
    });
    undoIfInterrupted(() => {
      throw new Error('browser already gone');
    });
    const finished = undoIfInterrupted(() => {
      undone.push('finished step');
    });
    undoIfInterrupted(() => {
      undone.push('large set');
    });
    finished();
    await undoInterruptedRun();
    await undoInterruptedRun();
    expect(undone).toEqual(['servers', 'large set']);
  });
});
