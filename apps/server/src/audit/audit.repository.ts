import { CompiledQuery, type Insertable, SqliteAdapter } from 'kysely';
import { bulkInsert } from '../db/bulk-insert.ts';
import type { Db } from '../db/database.ts';
import type { AuditLogTable } from '../db/schema.ts';
import { newId, nowIso } from '../lib/clock.ts';

export interface Actor {
  id: string;
  name: string;
}

export interface AuditEvent {
  action: 'create' | 'update' | 'delete' | 'login' | 'logout' | 'setup';
  entity: string;
  entityId: string | null;
  /** The record before the write (update, delete). */
  before?: Record<string, unknown> | null;
  /** The record after the write (create, update). */
  after?: Record<string, unknown> | null;
}

/** Fields never copied into the log. */
const SECRET_FIELDS = new Set(['password_hash']);

/**
 * ARCHITECTURE differs 7: every write records who, when, which record and what changed. Call it with
 * the same `db` (transaction) as the write so that both land or neither does.
 */
export async function recordAudit(db: Db, actor: Actor | null, event: AuditEvent): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: newId(),
      user_id: actor?.id ?? null,
      user_name: actor?.name ?? null,
      action: event.action,
      entity: event.entity,
      entity_id: event.entityId,
      changes: describeChanges(event.before ?? null, event.after ?? null),
      created_at: nowIso(),
    })
    .execute();
}

/** An audit_log row ready to insert. */
export type AuditRow = Insertable<AuditLogTable>;

/** The audit_log row of one event, described now (the write it records must be in the same transaction). */
export function auditRow(actor: Actor | null, event: AuditEvent, createdAt = nowIso()): AuditRow {
  return {
    id: newId(),
    user_id: actor?.id ?? null,
    user_name: actor?.name ?? null,
    action: event.action,
    entity: event.entity,
    entity_id: event.entityId,
    changes: describeChanges(event.before ?? null, event.after ?? null),
    created_at: createdAt,
  };
}

/**
 * Many audit entries in a few multi-row inserts (a payroll run or a batch payment writes thousands of
 * rows; one statement per entry would cost one round trip each). Same transaction rule as recordAudit.
 */
export async function recordAuditMany(db: Db, actor: Actor | null, events: readonly AuditEvent[]): Promise<void> {
  const createdAt = nowIso();
  await insertAuditRows(
    db,
    events.map((event) => auditRow(actor, event, createdAt)),
  );
}

/** Rows made by auditRow, in a few multi-row inserts. */
export async function insertAuditRows(db: Db, rows: readonly AuditRow[]): Promise<void> {
  await bulkInsert(db, 'audit_log', rows, { postgresJson: true });
}

/**
 * Whether the database can describe rows just inserted into one of its tables itself
 * (`insertCreateAuditsOfStoredRows`): SQLite, where the whole payroll run is the one thread's work.
 */
export function describesStoredRows(db: Db): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

const quoteIdentifier = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;
const quoteText = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Issue 15: the create entries of rows a bulk insert has just written, described by SQLite from the
 * stored rows in one statement, instead of one `describeChanges` and one bound text each (a payroll
 * run's 9,524 entries are 7-9 MB of JSON: describing and binding them took 250-370 ms, this 130 ms).
 * The text is the one `describeChanges(null, row)` writes for the same row: `columns` in the row's key
 * order, a field only when not null, `json_quote` escaping as `JSON.stringify` does. It holds for rows of
 * text and integer values, all that better-sqlite3 binds from such rows; a fractional number would be
 * written in SQLite's notation (`0.3` for `0.30000000000000004`), so keep such tables on the general path.
 * SQLite only (`describesStoredRows`); same transaction rule as `recordAudit`.
 */
export async function insertCreateAuditsOfStoredRows(
  db: Db,
  actor: Actor | null,
  target: { entity: string; table: string; columns: readonly string[]; ids: readonly string[] },
  createdAt = nowIso(),
): Promise<void> {
  if (target.ids.length === 0) return;
  const fields = target.columns
    .filter((column) => !SECRET_FIELDS.has(column) && column !== 'updated_at')
    .map((column) => {
      const value = `stored.${quoteIdentifier(column)}`;
      return `case when ${value} is not null then ${quoteText(`${JSON.stringify(column)}:[null,`)} || json_quote(${value}) || ']' end`;
    });
  const text = `insert into audit_log (id, user_id, user_name, action, entity, entity_id, changes, created_at)
    select json_extract(entry.value, '$[0]'), ?, ?, 'create', ?, stored.id, nullif('{' || concat_ws(',', ${fields.join(', ')}) || '}', '{}'), ?
    from json_each(?) as entry join ${quoteIdentifier(target.table)} as stored on stored.id = json_extract(entry.value, '$[1]')`;
  const entries = target.ids.map((id) => [newId(), id]);
  await db.executeQuery(
    CompiledQuery.raw(text, [
      actor?.id ?? null,
      actor?.name ?? null,
      target.entity,
      createdAt,
      JSON.stringify(entries),
    ]),
  );
}

/** `{ field: [before, after] }` for the fields that differ; the whole row for a create or delete. */
export function describeChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string | null {
  if (!before && !after) return null;
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of keys) {
    if (SECRET_FIELDS.has(key) || key === 'updated_at') continue;
    const was = before?.[key] ?? null;
    const is = after?.[key] ?? null;
    // Rows hold primitives; only objects need the (slower) structural comparison.
    if (was === is) continue;
    if (typeof was !== 'object' || typeof is !== 'object' || JSON.stringify(was) !== JSON.stringify(is)) {
      changes[key] = [was, is];
    }
  }
  return Object.keys(changes).length > 0 ? JSON.stringify(changes) : null;
}

export async function listAuditEntries(db: Db, entity: string, entityId: string) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('created_at', 'asc')
    .execute();
}
