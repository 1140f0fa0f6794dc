import { describe, expect, it } from 'vitest';
import { BUDGETS, ENDPOINTS, endpointFigures } from './budgets.ts';
import { figure, formatTable } from './figures.ts';
import type { LoadResult } from './load-worker.ts';

const result = (p50: number, p99: number, requestsPerSecond: number): LoadResult => ({
  requestsPerSecond,
  p50,
  p99,
  requests: Math.round(requestsPerSecond * 5),
  non2xx: 0,
  errors: 0,
});

const list = { name: 'workers: first page of 50', url: '/api/workers?page=1&pageSize=50', kind: 'list' } as const;
const tile = { name: 'payslips: tiles', url: '/api/payslips/summary', kind: 'tile' } as const;
const sizes = { workers: 10_000, smallWorkers: 2_500 };

/** Decision 078: what each budget compares, on figures made up for the purpose. */
describe('the budgets of npm run bench', () => {
  it('judges a list against the bare server of the same turns: p99 at most twice, throughput at least half', () => {
    const bare = result(4, 10, 2000);
    const [p99, throughput, growth] = endpointFigures(
      list,
      'sqlite',
      { product: result(6, 19.9, 1100), bare, small: result(5, 12, 1300) },
      sizes,
    );
    expect(p99).toMatchObject({
      name: `${list.name}: p99`,
      value: 19.9,
      budget: '<= 2 x bare p99 (20.0 ms)',
      met: true,
    });
    expect(throughput).toMatchObject({ value: 1100, budget: '>= 0.5 x bare (1000 req/s)', met: true });
    expect(throughput?.comparison).toBe('bare node:http 2000 req/s: 0.55 of it');
    expect(growth).toMatchObject({ name: `${list.name}: p50 growth`, value: 1.2, unit: 'x', met: true });
    expect(growth?.comparison).toBe('p50 6.0 ms at 10,000 workers, 5.0 ms at 2,500');

    const [slowP99, slowThroughput, slowGrowth] = endpointFigures(
      list,
      'postgres',
      { product: result(8, 21, 900), bare, small: result(5, 12, 1300) },
      { ...sizes, rows: { large: '50 of 9,500 rows', small: '50 of 2,375 rows' } },
    );
    expect(slowP99?.met).toBe(false);
    expect(slowThroughput?.met).toBe(false);
    expect(slowGrowth).toMatchObject({ value: 1.6, met: false });
    expect(slowGrowth?.comparison).toMatch(/\(50 of 9,500 rows against 50 of 2,375 rows\)$/);
  });

  it('gives a tile a fixed p99 and no throughput ratio, whatever the bare server does', () => {
    const figures = endpointFigures(
      tile,
      'sqlite',
      { product: result(3, BUDGETS.tileP99Ms, 3000), bare: result(0.4, 1, 40_000), small: result(3, 20, 3000) },
      sizes,
    );
    expect(figures.map((f) => f.name)).toEqual([`${tile.name}: p99`, `${tile.name}: p50 growth`]);
    expect(figures[0]).toMatchObject({ budget: '<= 25 ms', met: true });
    expect(figures[1]).toMatchObject({ value: 1, met: true });
  });

  it('covers every list and tile with a growth figure, and lists with a throughput ratio', () => {
    const load = { product: result(1, 2, 100), bare: result(1, 2, 100), small: result(1, 2, 100) };
    for (const endpoint of ENDPOINTS) {
      const names = endpointFigures(endpoint, 'sqlite', load, sizes).map((f) => f.name.slice(endpoint.name.length + 2));
      expect(names).toEqual(endpoint.kind === 'list' ? ['p99', 'throughput', 'p50 growth'] : ['p99', 'p50 growth']);
    }
  });

  it('judges the compliance calendar by its own p99 (decision 094: 50 ms), its growth shown unjudged', () => {
    const calendar = { name: 'compliance: calendar, 50', url: '/api/compliance', kind: 'calendar' } as const;
    const load = { product: result(20, 49, 300), bare: result(5, 9, 2000), small: result(5, 12, 1300) };
    const [p99, growth] = endpointFigures(calendar, 'sqlite', load, sizes);
    expect(p99).toMatchObject({ value: 49, budget: '<= 50 ms', met: true });
    expect(growth).toMatchObject({ value: 4, budget: null, met: null });
    const slow = endpointFigures(calendar, 'postgres', { ...load, product: result(20, 51, 300) }, sizes);
    expect(slow[0]?.met).toBe(false);
  });

  it('prints one line per figure under a header, a figure without a budget left unjudged', () => {
    const figures = [
      figure('payroll run', 'sqlite', 1.234, 's', { limit: BUDGETS.payrollRunSeconds }),
      figure('bulk load', 'sqlite', 78, 's'),
      figure('Lighthouse', 'postgres', 91, 'points', { limit: BUDGETS.lighthouse.mobile, atMost: false }),
    ];
    expect(figures.map((f) => [f.value, f.budget, f.met])).toEqual([
      [1.23, '<= 1.5 s', true],
      [78, null, null],
      [91, '>= 90 points', true],
    ]);
    const lines = formatTable(figures).split('\n');
    expect(lines).toHaveLength(figures.length + 2);
    expect(lines[2]).toMatch(/^sqlite +payroll run +1\.23 s +<= 1\.5 s +met$/);
  });
});
