import { addDays, daysBetween } from '@td/shared/rules/dates';
import type { ComplianceItem } from '@td/shared/schemas/compliance';

export interface WeekGroup {
  /** `overdue`, or the Monday (`YYYY-MM-DD`) of the week. */
  key: string;
  title: string;
  items: ComplianceItem[];
}

/** The Monday of a date's week (ISO weeks start on Monday). */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

const dayMonth = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-SG', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * Decision 095: the calendar grouped by week, overdue items first in a group of their own. The server
 * answers them ordered by due date; the order within a group is kept.
 */
export function groupByWeek(items: readonly ComplianceItem[], today: string): WeekGroup[] {
  const groups: WeekGroup[] = [];
  const overdue = items.filter((item) => item.state === 'overdue');
  if (overdue.length > 0) groups.push({ key: 'overdue', title: 'Overdue', items: overdue });
  const thisWeek = mondayOf(today);
  const byWeek = new Map<string, ComplianceItem[]>();
  for (const item of items) {
    if (item.state === 'overdue') continue;
    const week = mondayOf(item.due_date);
    byWeek.set(week, [...(byWeek.get(week) ?? []), item]);
  }
  for (const [week, weekItems] of [...byWeek].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const weeksAhead = Math.round(daysBetween(thisWeek, week) / 7);
    const range = `${dayMonth(week)} – ${dayMonth(addDays(week, 6))}`;
    const title =
      weeksAhead === 0 ? `This week · ${range}` : weeksAhead === 1 ? `Next week · ${range}` : `Week of ${range}`;
    groups.push({ key: week, title, items: weekItems });
  }
  return groups;
}
