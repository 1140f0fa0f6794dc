import { type Kysely, sql } from 'kysely';
import { columnTypesFor, isPostgres } from './column-types.ts';

/**
 * Decision 103: CPF, SDL and the Foreign Worker Levy.
 *
 * - workers: the date of PR status (`pr_start_date`, the graduated rates' years), the PR's CPF rates
 *   (`pr_cpf_scheme`: G/G by default, F/F when full rates were agreed), the permit's cancellation (the
 *   levy's last day) and the levy tier staff set (`levy_tier`: null derives it).
 * - payslips: the additions (JSON of `{ label, amount (cents), kind }`) and their sums by kind, the
 *   wages subject to CPF, the CPF shares, SDL and levy; integer cents like the rest of the payslip.
 *   Existing payslips answer 0 for them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesFor(db);
  await db.schema.alterTable('workers').addColumn('pr_start_date', t.date).execute();
  await db.schema
    .alterTable('workers')
    .addColumn('pr_cpf_scheme', 'varchar(3)', (col) =>
      col.notNull().defaultTo('G/G').check(sql`pr_cpf_scheme in ('G/G', 'F/F')`),
    )
    .execute();
  await db.schema.alterTable('workers').addColumn('wp_cancellation_date', t.date).execute();
  await db.schema.alterTable('workers').addColumn('levy_tier', 'varchar(10)').execute();
  // SQLite cannot add a check to an existing table; the schema refuses other values there.
  if (isPostgres(db)) {
    await sql`alter table workers add constraint workers_levy_tier_known check (levy_tier is null or levy_tier in ('R1-MNP', 'R1-NTS', 'R2-MNP', 'R2-NTS'))`.execute(
      db,
    );
  }

  await db.schema.alterTable('payslips').addColumn('additions', 'text').execute();
  for (const column of [
    'allowances_amount',
    'bonuses_amount',
    'cpf_ordinary_wages',
    'cpf_additional_wages',
    'cpf_employee',
    'cpf_employer',
    'sdl',
    'levy',
  ]) {
    await db.schema
      .alterTable('payslips')
      .addColumn(column, 'integer', (col) =>
        col
          .notNull()
          .defaultTo(0)
          .check(sql`${sql.ref(column)} >= 0`),
      )
      .execute();
  }
}
