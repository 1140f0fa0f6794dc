import type { ComplianceItem } from '@td/shared/schemas/compliance';
import { describe, expect, it } from 'vitest';
import { groupByWeek, mondayOf } from './compliance-week-groups.ts';

const item = (due_date: string, state: ComplianceItem['state'] = 'due'): ComplianceItem => ({
  worker: { id: due_date, worker_id: 'TD-1', first_name: 'Ali', last_name: 'Rahman' },
  kind: 'work_permit',
  due_date,
  state,
  title: 'Work permit',
  nationality: 'Bangladeshi',
});

describe('the calendar by week (decision 095)', () => {
  it('finds the Monday of a week, Sunday included', () => {
    expect(mondayOf('2026-12-07')).toBe('2026-12-07');
    expect(mondayOf('2026-12-13')).toBe('2026-12-07');
    expect(mondayOf('2026-12-14')).toBe('2026-12-14');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
  });

  it('puts overdue items first, then one group a week in date order, named from this week', () => {
    const groups = groupByWeek(
      [item('2026-11-30', 'overdue'), item('2026-12-08'), item('2026-12-13'), item('2026-12-15'), item('2027-01-04')],
      '2026-12-09',
    );
    expect(groups.map((group) => [group.key, group.items.length])).toEqual([
      ['overdue', 1],
      ['2026-12-07', 2],
      ['2026-12-14', 1],
      ['2027-01-04', 1],
    ]);
    expect(groups[1]?.title).toMatch(/^This week · /);
    expect(groups[2]?.title).toMatch(/^Next week · /);
    expect(groups[3]?.title).toMatch(/^Week of /);
  });
});
