import { addDays } from '@td/shared/rules/dates';
import { startOfDayInTimeZone } from '@td/shared/rules/worker-statistics';
import type { AuditLogFilterQuery } from '@td/shared/schemas/audit-log';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { offsetOf } from '../../db/paging.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Decision 108: the filters of the audit log. `from` and `to` are whole days where the business is
 * (Asia/Singapore: an entry at 23:30 there on 5 May is on 5 May, though stamped 15:30 UTC), as the screen
 * shows each entry's time.
 */
function filtersOf(eb: ExpressionBuilder<Database, 'audit_log'>, filters: AuditLogFilterQuery, timeZone: string) {
  const conditions = [];
  if (filters.user_id) conditions.push(eb('user_id', '=', filters.user_id));
  if (filters.entity) conditions.push(eb('entity', '=', filters.entity));
  if (filters.from) {
    conditions.push(eb('created_at', '>=', startOfDayInTimeZone(filters.from, timeZone).toISOString()));
  }
  if (filters.to) {
    conditions.push(eb('created_at', '<', startOfDayInTimeZone(addDays(filters.to, 1), timeZone).toISOString()));
  }
  return eb.and(conditions);
}

const COLUMNS = ['id', 'created_at', 'user_id', 'user_name', 'action', 'entity', 'entity_id', 'changes'] as const;

export async function listAuditLog(
  db: Db,
  query: AuditLogFilterQuery & { page: number; pageSize: number },
  timeZone: string,
) {
  const [items, count] = await Promise.all([
    db
      .selectFrom('audit_log')
      .select(COLUMNS)
      .where((eb) => filtersOf(eb, query, timeZone))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset(offsetOf(query))
      .execute(),
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where((eb) => filtersOf(eb, query, timeZone))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: items.map((row) => ({ ...row, user_id: row.user_id === null ? null : String(row.user_id) })),
    total: Number(count.count),
  };
}

export function exportAuditLog(db: Db, query: AuditLogFilterQuery, limit: number, timeZone: string) {
  return db
    .selectFrom('audit_log')
    .select(COLUMNS)
    .where((eb) => filtersOf(eb, query, timeZone))
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
