import { type Kysely, sql } from 'kysely';
import { columnTypesFor, isPostgres } from './column-types.ts';

/**
 * Decision 088: e-mail goes through a table, one row a message, so that whichever server got the request,
 * a payslip is e-mailed once (probe finding 15, decision 087). `active_key` (`payslip:<id>`) is set while a
 * message is queued or being sent and cleared when it is sent or failed: the unique index lets one
 * message per payslip be on its way at a time, across every server. `message` is the message as JSON
 * (attachments in base64), so any server can send it. `claimed_until` is the sender's lease: a row left
 * `sending` by a server that died is taken again once it has passed.
 *
 * Payslips keep where and how their last e-mail went (`email_state`, `emailed_to`, `email_error`,
 * `emailed_at`), written in the transaction that changes the message's state, so the screens show it
 * without reading the outbox (probe finding 26: an address added after generation).
 *
 * Decision 089: `idempotency_keys` keeps the answer to a create sent with an `Idempotency-Key` header
 * for a day, so a client that lost the answer can send the same create again and get the same answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesFor(db);
  const binary = isPostgres(db) ? 'bytea' : 'blob';
  await db.schema
    .createTable('email_outbox')
    .addColumn('id', t.id, (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('subject_id', 'text')
    .addColumn('active_key', 'text')
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('queued', 'sending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', t.timestamp, (col) => col.notNull())
    .addColumn('claimed_until', t.timestamp)
    .addColumn('last_error', 'text')
    .addColumn('delivered_as', 'text')
    .addColumn('sent_at', t.timestamp)
    .addColumn('created_by', 'text')
    .addColumn('created_at', t.timestamp, (col) => col.notNull())
    .addColumn('updated_at', t.timestamp, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('email_outbox_active_key_idx').on('email_outbox').column('active_key').unique().execute();
  await db.schema
    .createIndex('email_outbox_due_idx')
    .on('email_outbox')
    .columns(['state', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('email_outbox_subject_idx').on('email_outbox').columns(['kind', 'subject_id']).execute();

  for (const [column, type] of [
    ['email_state', 'text'],
    ['emailed_to', 'text'],
    ['email_error', 'text'],
    ['emailed_at', t.timestamp],
  ] as const) {
    await db.schema.alterTable('payslips').addColumn(column, type).execute();
  }

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('body', binary)
    .addColumn('content_type', 'text')
    .addColumn('created_at', t.timestamp, (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
}
