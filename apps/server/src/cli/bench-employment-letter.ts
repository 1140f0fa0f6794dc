/**
 * Issue 14 budget: the employment letter's median is at most 25 ms on this machine over 200 letters,
 * measured through the whole app (session, worker read, PDF build, reply) for 200 different workers.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';

export const LETTERS = Number(process.env.BENCH_LETTERS ?? 200);
export const LETTER_BUDGET_MS = 25;
const WARM_UP = 10;

export interface LetterBenchResult {
  letters: number;
  medianMs: number;
  p90Ms: number;
  meanBytes: number;
  /** CPU time of this process per letter: steadier than wall time when other work shares the machine. */
  cpuMsPerLetter: number;
}

export async function benchEmploymentLetters(app: FastifyInstance, db: Db, cookie: string): Promise<LetterBenchResult> {
  const workers = await db.selectFrom('workers').select('id').orderBy('worker_id').limit(LETTERS).execute();
  const letter = async (id: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/workers/${id}/employment-letter`,
      headers: { cookie },
    });
    if (response.statusCode !== 200) throw new Error(`letter ${id}: ${response.statusCode} ${response.body}`);
    return response.rawPayload.length;
  };
  for (const { id } of workers.slice(0, WARM_UP)) await letter(id);
  const times: number[] = [];
  let bytes = 0;
  const cpuStart = process.cpuUsage();
  for (const { id } of workers) {
    const start = performance.now();
    bytes += await letter(id);
    times.push(performance.now() - start);
  }
  const cpu = process.cpuUsage(cpuStart);
  times.sort((a, b) => a - b);
  const at = (fraction: number) => times[Math.min(times.length - 1, Math.floor(times.length * fraction))] ?? 0;
  const count = Math.max(1, times.length);
  return {
    letters: times.length,
    medianMs: at(0.5),
    p90Ms: at(0.9),
    meanBytes: bytes / count,
    cpuMsPerLetter: (cpu.user + cpu.system) / 1000 / count,
  };
}

export function printLetterBench(result: LetterBenchResult): void {
  const verdict = result.medianMs <= LETTER_BUDGET_MS ? 'within' : 'OVER';
  console.log(
    `employment letter: median ${result.medianMs.toFixed(2)} ms, p90 ${result.p90Ms.toFixed(2)} ms over ` +
      `${result.letters} letters (${(result.meanBytes / 1024).toFixed(1)} KB each, ` +
      `${result.cpuMsPerLetter.toFixed(2)} ms CPU each), ${verdict} the ${LETTER_BUDGET_MS} ms budget`,
  );
}
