/**
 * The benchmark's figures (decision 078): one object per figure, written to `bench/results.json` and
 * printed as a table, each beside its budget and what it is compared with.
 */
export interface Figure {
  name: string;
  /** `sqlite`, `postgres`, or `-` for figures that do not involve a database. */
  database: string;
  value: number;
  unit: string;
  /** The budget as words (`<= 25 ms`, `<= 2 x bare p99 (14.2 ms)`), or null when the figure has none. */
  budget: string | null;
  met: boolean | null;
  /** What the value is compared with, e.g. the bare node:http server's figure and the ratio. */
  comparison: string | null;
}

export function figure(
  name: string,
  database: string,
  value: number,
  unit: string,
  budget: { limit: number; atMost?: boolean; words?: string } | null = null,
  comparison: string | null = null,
): Figure {
  const atMost = budget?.atMost ?? true;
  return {
    name,
    database,
    value: Math.round(value * 100) / 100,
    unit,
    budget: budget ? (budget.words ?? `${atMost ? '<=' : '>='} ${budget.limit} ${unit}`) : null,
    met: budget ? (atMost ? value <= budget.limit : value >= budget.limit) : null,
    comparison,
  };
}

export function formatTable(figures: readonly Figure[]): string {
  const rows = figures.map((f) => [
    f.database,
    f.name,
    `${f.value.toLocaleString('en', { maximumFractionDigits: 2 })} ${f.unit}`,
    f.budget ?? '',
    f.met === null ? '' : f.met ? 'met' : 'MISSED',
    f.comparison ?? '',
  ]);
  const header = ['db', 'figure', 'value', 'budget', '', 'comparison'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export const median = (values: readonly number[]) => percentile(values, 0.5);

export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}
