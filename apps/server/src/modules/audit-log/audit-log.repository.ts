import type { AuditLogFilterQuery } from '@td/shared/schemas/audit-log';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { offsetOf } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';

/** The day after a `YYYY-MM-DD` date, for an end bound that includes the whole `to` day. */
function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** Decision 104: the filters of the audit log; dates are whole days in UTC, as entries are stamped. */
function filtersOf(eb: ExpressionBuilder<Database, 'audit_log'>, filters: AuditLogFilterQuery) {
  const conditions = [];
  if (filters.user_id) conditions.push(eb('user_id', '=', filters.user_id));
  if (filters.entity) conditions.push(eb('entity', '=', filters.entity));
  if (filters.from) conditions.push(eb('created_at', '>=', `${filters.from}T00:00:00.000Z`));
  if (filters.to) conditions.push(eb('created_at', '<', `${nextDay(filters.to)}T00:00:00.000Z`));
  return eb.and(conditions);
}

const COLUMNS = ['id', 'created_at', 'user_id', 'user_name', 'action', 'entity', 'entity_id', 'changes'] as const;

export async function listAuditLog(db: Db, query: AuditLogFilterQuery & { page: number; pageSize: number }) {
  const [items, count] = await Promise.all([
    db
      .selectFrom('audit_log')
      .select(COLUMNS)
      .where((eb) => filtersOf(eb, query))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset(offsetOf(query))
      .execute(),
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where((eb) => filtersOf(eb, query))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: items.map((row) => ({ ...row, user_id: row.user_id === null ? null : String(row.user_id) })),
    total: Number(count.count),
  };
}

export function exportAuditLog(db: Db, query: AuditLogFilterQuery, limit: number) {
  return db
    .selectFrom('audit_log')
    .select(COLUMNS)
    .where((eb) => filtersOf(eb, query))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function auditLogChoices(db: Db) {
  const [people, entities] = await Promise.all([
    db.selectFrom('users').select(['id', 'name']).orderBy('name').execute(),
    db.selectFrom('audit_log').select('entity').distinct().orderBy('entity').execute(),
  ]);
  return { people, entities: entities.map((row) => row.entity) };
}
