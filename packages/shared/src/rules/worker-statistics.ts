import { cachedDateTimeFormat, dateInTimeZone } from './dates.ts';

/**
 * SPEC 9 worker dashboard: "this month", "last month" and "the month before last" are calendar months
 * in the business time zone (Asia/Singapore), while created_at is stored as a UTC instant. These rules
 * turn the months into UTC instants so the database can count with plain range comparisons.
 */

/** A half-open range of instants, ISO-8601 UTC: `start <= t < end`. */
export interface InstantRange {
  start: string;
  end: string;
}

export interface DashboardMonths {
  currentMonth: InstantRange;
  lastMonth: InstantRange;
  monthBeforeLast: InstantRange;
}

/** Offset of the time zone from UTC at an instant, in milliseconds (Asia/Singapore: +8 h). */
export function timeZoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = cachedDateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
    .formatToParts(instant)
    .reduce<Record<string, number>>((acc, part) => {
      if (part.type !== 'literal') acc[part.type] = Number(part.value);
      return acc;
    }, {});
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  return asUtc - wholeSeconds;
}

/** The UTC instant at which a calendar date begins in the time zone. */
export function startOfDayInTimeZone(isoDate: string, timeZone: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const localMidnightAsUtc = Date.UTC(year, month - 1, day);
  // Two passes settle the offset when a daylight-saving change falls near midnight.
  let instant = localMidnightAsUtc - timeZoneOffsetMs(new Date(localMidnightAsUtc), timeZone);
  instant = localMidnightAsUtc - timeZoneOffsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/** The first day (`YYYY-MM-01`) of the month `offset` months from the month of `isoDate`. */
export function firstOfMonth(isoDate: string, offset = 0): string {
  const [year, month] = isoDate.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 + offset, 1));
  return first.toISOString().slice(0, 10);
}

/** The calendar month `offset` months from the month containing `now` in the time zone, as instants. */
export function monthRange(now: Date, timeZone: string, offset = 0): InstantRange {
  const today = dateInTimeZone(now, timeZone);
  return {
    start: startOfDayInTimeZone(firstOfMonth(today, offset), timeZone).toISOString(),
    end: startOfDayInTimeZone(firstOfMonth(today, offset + 1), timeZone).toISOString(),
  };
}

export function dashboardMonths(now: Date, timeZone: string): DashboardMonths {
  return {
    currentMonth: monthRange(now, timeZone, 0),
    lastMonth: monthRange(now, timeZone, -1),
    monthBeforeLast: monthRange(now, timeZone, -2),
  };
}

/** Rounds half away from zero to one decimal (12.25 -> 12.3, -12.25 -> -12.3). */
const roundOneDecimal = (value: number) => {
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * 10 + 1e-9)) / 10;
  return rounded === 0 ? 0 : rounded;
};

/**
 * SPEC 9 Growth Trend: percentage change from the month before last to last month, one decimal. When
 * the month before last had nobody, it is 100 if last month had anyone, else 0.
 */
export function growthTrend(lastMonth: number, monthBeforeLast: number): number {
  if (monthBeforeLast === 0) return lastMonth > 0 ? 100 : 0;
  return roundOneDecimal(((lastMonth - monthBeforeLast) / monthBeforeLast) * 100);
}

/** SPEC 9: shown with sign, one decimal and a percent mark: `+12.5%`, `-3.0%`, `0.0%`. */
export function formatGrowthTrend(value: number): string {
  const fixed = Math.abs(value).toFixed(1);
  if (fixed === '0.0') return '0.0%';
  return `${value > 0 ? '+' : '-'}${fixed}%`;
}

export interface StatusTotals {
  /** SPEC 9: Total Workers and Active Workers both count the six non-Terminated statuses. */
  total: number;
  active: number;
  terminated: number;
  /** Every status of the list, zero when nobody has it. */
  byStatus: Record<string, number>;
}

/** Folds per-status counts (from a GROUP BY) into the dashboard totals. Null or unknown statuses count nowhere. */
export function statusTotals(
  counts: ReadonlyArray<{ status: string | null; count: number }>,
  statuses: readonly string[],
  terminatedStatus: string,
): StatusTotals {
  const byStatus: Record<string, number> = Object.fromEntries(statuses.map((status) => [status, 0]));
  for (const { status, count } of counts) {
    if (status !== null && status in byStatus) byStatus[status] = (byStatus[status] ?? 0) + count;
  }
  const terminated = byStatus[terminatedStatus] ?? 0;
  const active = statuses
    .filter((status) => status !== terminatedStatus)
    .reduce((sum, status) => sum + (byStatus[status] ?? 0), 0);
  return { total: active, active, terminated, byStatus };
}
