import type { Kysely } from 'kysely';

/**
 * Decision 108: RFC 6238 section 5.2, a verifier must not accept a second use of a code once one was
 * accepted. `users.totp_last_step` is the time step (Unix time / 30 s) of the last code accepted for the
 * account; a code is taken only by an `UPDATE ... WHERE totp_last_step < :step`, in the database that
 * every server process shares (decision 087), so two simultaneous requests with one code cannot both win.
 * 0 for every account: no code accepted yet.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('totp_last_step', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}
