import { z } from 'zod';
import { filterText, isoDate, isUuid, paging } from './fields.ts';

/** Decision 104: the audit log screen (`/settings/audit`): who did what to which record, when. */
export const AuditLogFilterQuery = z.object({
  user_id: filterText('Person').refine(
    (value) => value === undefined || isUuid(value),
    'Choose a person from the list',
  ),
  entity: filterText('Kind of record'),
  from: isoDate({ label: 'From' }).optional(),
  to: isoDate({ label: 'To' }).optional(),
});
export type AuditLogFilterQuery = z.output<typeof AuditLogFilterQuery>;
export const AuditLogQuery = AuditLogFilterQuery.extend(paging({ defaultPageSize: 50 }));
export type AuditLogQuery = z.output<typeof AuditLogQuery>;

export const AuditLogEntry = z.object({
  id: z.string(),
  created_at: z.string(),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** JSON text: `{ field: [before, after] }` (or the whole row for a create or delete). */
  changes: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;
export const AuditLogList = z.object({ items: z.array(AuditLogEntry), total: z.number().int() });
export type AuditLogList = z.infer<typeof AuditLogList>;

/** The people and kinds of record the filters offer. */
export const AuditLogChoices = z.object({
  people: z.array(z.object({ id: z.string(), name: z.string() })),
  entities: z.array(z.string()),
});
export type AuditLogChoices = z.infer<typeof AuditLogChoices>;
