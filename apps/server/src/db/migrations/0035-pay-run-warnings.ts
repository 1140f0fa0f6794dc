import type { Kysely } from 'kysely';

/**
 * Decision 092: a pay run keeps its warnings summary, `{ code: payslips }` as JSON (how many of its payslips
 * carry each warning code), counted when the run is generated and whenever a payslip of it is
 * regenerated or removed, so that reading a run never reads its payslips. Runs made before this
 * migration are counted here from their payslips' stored warnings (`pay_detail`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('pay_runs')
    .addColumn('warnings', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
  const runs = await (db as Kysely<Backfill>).selectFrom('pay_runs').select('id').execute();
  for (const run of runs) {
    const payslips = await (db as Kysely<Backfill>)
      .selectFrom('payslips')
      .select('pay_detail')
      .where('pay_run_id', '=', run.id)
      .execute();
    const counts: Record<string, number> = {};
    for (const payslip of payslips) {
      for (const code of new Set(warningCodesOf(payslip.pay_detail))) counts[code] = (counts[code] ?? 0) + 1;
    }
    if (Object.keys(counts).length === 0) continue;
    await (db as Kysely<Backfill>)
      .updateTable('pay_runs')
      .set({ warnings: JSON.stringify(counts) })
      .where('id', '=', run.id)
      .execute();
  }
}

interface Backfill {
  pay_runs: { id: string; warnings: string };
  payslips: { pay_run_id: string | null; pay_detail: string | null };
}

function warningCodesOf(payDetail: string | null): string[] {
  if (!payDetail) return [];
  try {
    const detail = JSON.parse(payDetail) as { warnings?: Array<{ code?: unknown }> };
    return (detail.warnings ?? []).flatMap((warning) => (typeof warning.code === 'string' ? [warning.code] : []));
  } catch {
    return [];
  }
}
