import { employmentLetterDueDate, sipDueDate, sipRequired } from '@td/shared/rules/compliance';
import type { Db } from '../src/db/database.ts';

/** A `compliance_items` row as the comparison reads it. */
export interface OracleItem {
  worker_id: string;
  kind: string;
  ref: string;
  due_date: string;
  sort_id: string;
}

const DATE_KINDS = [
  ['work_permit', 'wp_expiry_date'],
  ['passport', 'passport_expiry_date'],
  ['security_bond', 'security_bond_expiry_date'],
  ['medical_insurance', 'medical_insurance_expiry_date'],
  ['coretrade', 'coretrade_expiry_date'],
] as const;

const key = (item: OracleItem) => `${item.worker_id}|${item.kind}|${item.ref}`;
export const sortItems = (items: OracleItem[]) => [...items].sort((a, b) => (key(a) < key(b) ? -1 : 1));

/**
 * Decision 094's items computed in TypeScript from the tables, with the shared rules (`sipRequired`,
 * the 14-day dues): what migration 0037's triggers must keep in `compliance_items` (decision 107).
 */
export async function expectedItems(db: Db): Promise<OracleItem[]> {
  const [workers, records, letters] = await Promise.all([
    db.selectFrom('workers').selectAll().execute(),
    db.selectFrom('training_records').select(['id', 'worker_id', 'training_name', 'expiry_date']).execute(),
    db.selectFrom('employment_letters').select('worker_id').execute(),
  ]);
  const lettered = new Set(letters.map((letter) => letter.worker_id));
  const items: OracleItem[] = [];
  for (const worker of workers) {
    // SPEC 4: every status but Terminated counts.
    if (worker.status === 'Terminated') continue;
    const item = (kind: string, due: string, ref = '', sortId = worker.id) =>
      items.push({ worker_id: worker.id, kind, ref, due_date: due, sort_id: sortId });
    for (const [kind, column] of DATE_KINDS) {
      const due = worker[column];
      if (due) item(kind, due);
    }
    const start = worker.employment_start_date;
    const override = worker.sip_required === null ? null : worker.sip_required === 1;
    if (start && !worker.sip_attended_date && sipRequired(override, worker.type_of_pass, worker.nationality)) {
      item('sip', sipDueDate(start));
    }
    if (start && !lettered.has(worker.id)) item('employment_letter', employmentLetterDueDate(start));
    const courses = new Map<string, typeof records>();
    for (const record of records.filter((r) => r.worker_id === worker.id)) {
      courses.set(record.training_name, [...(courses.get(record.training_name) ?? []), record]);
    }
    for (const [name, ofCourse] of courses) {
      // A record that never expires renews the course for good; else the latest, of two the later recorded.
      if (ofCourse.some((record) => record.expiry_date === null)) continue;
      const latest = ofCourse.reduce((a, b) =>
        (b.expiry_date as string) > (a.expiry_date as string) || (b.expiry_date === a.expiry_date && b.id > a.id)
          ? b
          : a,
      );
      item('training', latest.expiry_date as string, name, latest.id);
    }
  }
  return sortItems(items);
}

/** What the database keeps: its items, its day counts and its month counts (decisions 107, 110). */
export async function keptItems(db: Db) {
  const [items, days, months] = await Promise.all([
    db.selectFrom('compliance_items').select(['worker_id', 'kind', 'ref', 'due_date', 'sort_id']).execute(),
    db.selectFrom('compliance_day_counts').select(['kind', 'due_date', 'items']).execute(),
    db.selectFrom('compliance_month_counts').select(['kind', 'month', 'items']).execute(),
  ]);
  const counts = Object.fromEntries(days.map((day) => [`${day.kind} ${day.due_date}`, Number(day.items)]));
  const monthCounts = Object.fromEntries(months.map((month) => [`${month.kind} ${month.month}`, Number(month.items)]));
  return { items: sortItems(items), counts, monthCounts };
}

/** The day counts the items make. */
export function dayCounts(items: OracleItem[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items)
    counts[`${item.kind} ${item.due_date}`] = (counts[`${item.kind} ${item.due_date}`] ?? 0) + 1;
  return counts;
}

/** The month counts the items make, keyed by the month's first day. */
export function monthCounts(items: OracleItem[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) {
    const key = `${item.kind} ${item.due_date.slice(0, 8)}01`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
