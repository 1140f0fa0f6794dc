import type { Insertable } from 'kysely';
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
