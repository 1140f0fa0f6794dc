import { z } from 'zod';
import { COMPLIANCE_KINDS, COMPLIANCE_STATES, RENEWABLE_KINDS } from '../options/compliance.ts';
import { filterText, isoDate, oneOf, optional, paging, safeText, searchText } from './fields.ts';

/**
 * Decision 094, 095: the compliance calendar, a worker's items, renewals, reminders. The calendar's
 * answer is the contract other checks use: `{ items: [{ worker, kind, due_date, state }], counts }`;
 * `total`, `page`, `pageSize`, `from` and `to` are added (decision 095: the items come a page at a time).
 */
export const FROM_AFTER_TO_MESSAGE = 'From must be on or before To';

export const ComplianceQuery = z
  .object({
    /** The window's first day; default today (overdue items are answered whatever `from` is). */
    from: isoDate({ label: 'From' }).optional(),
    /** The window's last day; default 90 days after `from`. */
    to: isoDate({ label: 'To' }).optional(),
    kind: z.enum(COMPLIANCE_KINDS, { error: 'Please choose a valid Kind' }).optional(),
    /** The worker: part of the name or of the TD- id. */
    q: searchText(),
    nationality: filterText('Nationality'),
    ...paging({ defaultPageSize: 100, maxPageSize: 500 }),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: FROM_AFTER_TO_MESSAGE,
    path: ['to'],
  });
export type ComplianceQuery = z.input<typeof ComplianceQuery>;

export const ComplianceWorker = z.object({
  id: z.string(),
  worker_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

export const ComplianceItem = z.object({
  worker: ComplianceWorker,
  kind: z.enum(COMPLIANCE_KINDS),
  due_date: z.string(),
  state: z.enum(COMPLIANCE_STATES),
  /** What the item is, for a training certificate its course ("CSOC"); else the kind's label. */
  title: z.string(),
  nationality: z.string().nullable(),
});
export type ComplianceItem = z.infer<typeof ComplianceItem>;

export const KindCounts = z.object({ overdue: z.number().int(), due: z.number().int() });
export const ComplianceCounts = z.object(
  Object.fromEntries(COMPLIANCE_KINDS.map((kind) => [kind, KindCounts])) as Record<
    (typeof COMPLIANCE_KINDS)[number],
    typeof KindCounts
  >,
);

export const ComplianceCalendar = z.object({
  items: z.array(ComplianceItem),
  counts: ComplianceCounts,
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  from: z.string(),
  to: z.string(),
  today: z.string(),
});
export type ComplianceCalendar = z.infer<typeof ComplianceCalendar>;

/** `POST /api/compliance/feed`: the private calendar feed's address. */
export const ComplianceFeed = z.object({ url: z.string() });
export type ComplianceFeed = z.infer<typeof ComplianceFeed>;

export const NotificationSettingsInput = z.object({
  weekly_digest: z.boolean({ error: 'Weekly digest must be true or false' }),
});
export const NotificationSettings = z.object({
  weekly_digest: z.boolean(),
  /** Whether the person's calendar feed is on (its address is shown only when made). */
  feed_enabled: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export const DigestSendResult = z.object({ sent: z.number().int(), failed: z.number().int() });
export type DigestSendResult = z.infer<typeof DigestSendResult>;

export const RENEWAL_NOT_LATER_MESSAGE = 'The new expiry date must be later than the current one';
export const NOTHING_TO_RENEW_MESSAGE = 'Residents have no work permit or CoreTrade to renew';

/** A renewal: a new expiry, and for a passport, bond or policy optionally its new number. */
export const RenewalInput = z.object({
  kind: oneOf(RENEWABLE_KINDS, 'Item'),
  expiry_date: isoDate({ label: 'New Expiry Date' }),
  reference: optional(safeText(40, { label: 'New Number' })),
});
export type RenewalInput = z.input<typeof RenewalInput>;

export const WorkerRenewal = z.object({
  id: z.string(),
  kind: z.string(),
  previous_expiry_date: z.string().nullable(),
  new_expiry_date: z.string(),
  previous_reference: z.string().nullable(),
  new_reference: z.string().nullable(),
  renewed_by: z.string().nullable(),
  renewed_at: z.string(),
});
export type WorkerRenewal = z.infer<typeof WorkerRenewal>;

/** A worker's own items with their state (the worker view), every one whatever its date. */
export const WorkerComplianceItem = z.object({
  kind: z.enum(COMPLIANCE_KINDS),
  title: z.string(),
  due_date: z.string(),
  state: z.enum([...COMPLIANCE_STATES, 'ok'] as const),
  /** Days from today (negative once passed). */
  days: z.number().int(),
});
export type WorkerComplianceItem = z.infer<typeof WorkerComplianceItem>;

export const WorkerCompliance = z.object({
  items: z.array(WorkerComplianceItem),
  renewals: z.array(WorkerRenewal),
});
export type WorkerCompliance = z.infer<typeof WorkerCompliance>;

/** KETs: one employment letter issued, who and when (decision 095). */
export const EmploymentLetterRecord = z.object({ id: z.string(), generated_by: z.string(), generated_at: z.string() });
export type EmploymentLetterRecord = z.infer<typeof EmploymentLetterRecord>;
export const EmploymentLetterRecords = z.object({ items: z.array(EmploymentLetterRecord) });
export type EmploymentLetterRecords = z.infer<typeof EmploymentLetterRecords>;
