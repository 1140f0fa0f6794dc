import { type Kysely, sql } from 'kysely';

/** Decision 023 (ARCHITECTURE differs 11): FIN, passport and WP numbers are unique among workers. */
const KEYS = [
  ['fin_no', 'fin_no_key'],
  ['passport_no', 'passport_no_key'],
  ['wp_no', 'wp_no_key'],
] as const;

/**
 * Each number gets a column holding it without whitespace and in upper case (`identityKey` in
 * packages/shared, which the repository uses on every write), with a unique index: the database, not
 * the app, refuses a second holder, also in a race. Same file for SQLite and PostgreSQL: plain columns
 * and `upper`/`replace`, which both have.
 *
 * Databases written before this check can hold duplicates already. The earliest-created holder keeps
 * the key; later holders get none (so the index can be built and the app still starts), and their next
 * save recomputes it and is refused with the name of the holder until someone corrects the number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [column, key] of KEYS) {
    await db.schema.alterTable('workers').addColumn(key, 'text').execute();
    // Form fields are single lines, so spaces are the whitespace old rows can hold.
    await sql`update workers set ${sql.ref(key)} = nullif(upper(replace(${sql.ref(column)}, ' ', '')), '')`.execute(db);
    await sql`
      update workers set ${sql.ref(key)} = null
      where ${sql.ref(key)} is not null and exists (
        select 1 from workers earlier
        where earlier.${sql.ref(key)} = workers.${sql.ref(key)}
          and (earlier.created_at < workers.created_at
            or (earlier.created_at = workers.created_at and earlier.id < workers.id))
      )`.execute(db);
    await db.schema.createIndex(`workers_${key}_unique`).on('workers').column(key).unique().execute();
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
