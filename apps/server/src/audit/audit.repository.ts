import { CompiledQuery, type Insertable, PostgresAdapter } from 'kysely';
import { bulkInsert, postgresColumnTypes, quoteIdentifier } from '../db/bulk-insert.ts';
import type { Db } from '../db/database.ts';
import type { AuditLogTable, Database } from '../db/schema.ts';
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
type AuditRow = Insertable<AuditLogTable>;

/** The audit_log row of one event, described now (the write it records must be in the same transaction). */
function auditRow(actor: Actor | null, event: AuditEvent, createdAt = nowIso()): AuditRow {
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
async function insertAuditRows(db: Db, rows: readonly AuditRow[]): Promise<void> {
  await bulkInsert(db, 'audit_log', rows, { postgresJson: true });
}

const quoteText = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * A stored value as `JSON.stringify` writes it: `json_quote` on SQLite; on PostgreSQL `to_json`, but a
 * timestamp as `Date#toISOString` writes it (`to_json` would write `+00:00` and drop zero milliseconds).
 */
function storedValueAsJson(value: string, postgresType: string | undefined): string {
  if (postgresType === undefined) return `json_quote(${value})`;
  if (postgresType === 'timestamptz') {
    return `'"' || to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`;
  }
  return `to_json(${value})::text`;
}

/**
 * Decision 069: the create entries of rows a bulk insert has just written, described by the database from
 * the stored rows in one statement, instead of one `describeChanges` and one bound text each (a payroll
 * run's 9,524 entries are 7-9 MB of JSON: on SQLite describing and binding them took 250-370 ms, this
 * 130 ms; decision 069). The text is the one `describeChanges(null, row)` writes for the same row:
 * `columns` in the row's key order, a field only when not null, strings escaped as `JSON.stringify`
 * escapes them. It holds for rows of texts, integers, dates and timestamps of millisecond precision
 * (what the app stores); a fractional or `numeric` value would be written in the database's notation
 * (SQLite's `0.3` for `0.30000000000000004`), so keep such tables on the general path. The table's
 * `id` column is the entry's `entity_id`. Same transaction rule as `recordAudit`.
 */
export async function insertCreateAuditsOfStoredRows(
  db: Db,
  actor: Actor | null,
  target: { entity: string; table: keyof Database & string; columns: readonly string[]; ids: readonly string[] },
  createdAt = nowIso(),
): Promise<void> {
  if (target.ids.length === 0) return;
  const postgresTypes =
    db.getExecutor().adapter instanceof PostgresAdapter ? await postgresColumnTypes(db, target.table) : undefined;
  const fields = target.columns
    .filter((column) => !SECRET_FIELDS.has(column) && column !== 'updated_at')
    .map((column) => {
      const value = `stored.${quoteIdentifier(column)}`;
      const json = storedValueAsJson(value, postgresTypes?.get(column));
      return `case when ${value} is not null then ${quoteText(`${JSON.stringify(column)}:[null,`)} || ${json} || ']' end`;
    });
  const changes = `nullif('{' || concat_ws(',', ${fields.join(', ')}) || '}', '{}')`;
  const table = quoteIdentifier(target.table);
  const text = postgresTypes
    ? `insert into audit_log (id, user_id, user_name, action, entity, entity_id, changes, created_at)
       select (entry ->> 0)::uuid, $1::uuid, $2, 'create', $3, stored.id::text, ${changes}, $4::timestamptz
       from json_array_elements($5::json) as entry
       join ${table} as stored on stored.id = (entry ->> 1)::${postgresTypes.get('id') ?? 'text'}`
    : `insert into audit_log (id, user_id, user_name, action, entity, entity_id, changes, created_at)
       select json_extract(entry.value, '$[0]'), ?, ?, 'create', ?, stored.id, ${changes}, ?
       from json_each(?) as entry join ${table} as stored on stored.id = json_extract(entry.value, '$[1]')`;
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
