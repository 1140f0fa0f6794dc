import { type Kysely, sql } from 'kysely';

/**
 * Decision 043 (docs/reliability.md, Load): every column that links a stored file (`FILE_LINKS`) gets an
 * index. The sweep of unlinked files asks, per stored file, whether any record links it, and a
 * delete clears every link to its file; without these each question read the whole workers and
 * training records tables. On the large set (10,000 workers, 30,000 training records) the sweep's
 * search took 6.9 s for 196 stored files and 55 s for 2,000 on SQLite, where a query holds the one
 * event loop: the sweep at start stalled every request behind it. Partial indexes: most workers have
 * no documents, and a link is looked up only by its value.
 */
const LINKS = [
  ['workers', 'photo_url'],
  ['workers', 'ipa_url'],
  ['workers', 'consent_letter_url'],
  ['workers', 'contract_url'],
  ['training_records', 'certificate_url'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of LINKS) {
    await db.schema
      .createIndex(`${table}_${column}_idx`)
      .on(table)
      .column(column)
      .where(sql.ref(column), 'is not', null)
      .execute();
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
