import { type Figure, figure } from './figures.ts';
import type { LoadResult } from './load-worker.ts';

/**
 * Decision 078: the budgets of `npm run bench`, on the large set of each database at 10 connections.
 * A list is judged against the bare node:http server running the same SQL in the same alternating
 * turns (decision 055), not against a fixed figure: a fixed p99 was one the bare server itself missed
 * on a busy machine. A one-row answer (tile, summary, dashboard) has a fixed p99 and no throughput
 * ratio: the bare server answers those at tens of thousands a second, which no user waits for.
 */
export const BUDGETS = {
  /** List p99 at most this many times the bare server's p99. */
  listP99VsBare: 2,
  /** List throughput at least this share of the bare server's. */
  listThroughputVsBare: 0.5,
  tileP99Ms: 25,
  /** p50 on the large set at most this many times its p50 on the quarter-size set (same months). */
  growthP50: 1.5,
  /** The payroll run of every active worker of a month, as the run screen sends it. */
  payrollRunSeconds: 1.5,
  /** Decision 091: a month of a 2,000-worker site (50,000 attendance rows) previews, then imports, each within this. */
  attendanceImportSeconds: 5,
  lighthouse: { mobile: 90, desktop: 95 },
  loginKb: 120,
  rssMb: 300,
  payslipPdfMs: 10,
  letterMs: 25,
  /** Decision 094: the compliance calendar of the large set (about 60,000 dated items), p99 at 10 connections. */
  complianceCalendarP99Ms: 50,
} as const;

export interface Endpoint {
  name: string;
  url: string;
  /**
   * `list`: a page of rows; `tile`: a tile, summary or dashboard (one row of figures); `calendar`: the
   * compliance calendar (decision 094), a page of items with counts over the whole window, judged by its
   * own fixed p99.
   */
  kind: 'list' | 'tile' | 'calendar';
}

/** Every list and tile endpoint the web app's list screens open with, on their first page. */
export const ENDPOINTS: readonly Endpoint[] = [
  {
    name: 'workers: search + nationality, 50',
    url: '/api/workers?q=ahmad&nationality=Malaysian&page=1&pageSize=50',
    kind: 'list',
  },
  { name: 'workers: first page of 50', url: '/api/workers?page=1&pageSize=50', kind: 'list' },
  { name: 'workers: dashboard', url: '/api/workers/dashboard', kind: 'tile' },
  { name: 'timesheets: month list, 50', url: '/api/timesheets?page=1&pageSize=50', kind: 'list' },
  { name: 'timesheets: month summary', url: '/api/timesheets/summary', kind: 'tile' },
  { name: 'admin charges: list, 50', url: '/api/admin-charges?page=1&pageSize=50', kind: 'list' },
  { name: 'admin charges: tiles', url: '/api/admin-charges/summary', kind: 'tile' },
  { name: 'training: list, 50', url: '/api/training-records?page=1&pageSize=50', kind: 'list' },
  { name: 'training: tiles', url: '/api/training-records/summary', kind: 'tile' },
  { name: 'payslips: list, 50', url: '/api/payslips?page=1&pageSize=50', kind: 'list' },
  { name: 'payslips: tiles', url: '/api/payslips/summary', kind: 'tile' },
  // Decision 094: the calendar's first page as /compliance opens it (the default window, 50 items: decision 115).
  { name: 'compliance: calendar, 50', url: '/api/compliance?page=1&pageSize=50', kind: 'calendar' },
];

/** One endpoint's turns: the product and the bare server on the large set, the product on the small one. */
export interface EndpointLoad {
  product: LoadResult;
  bare: LoadResult;
  small: LoadResult;
}

export interface SetSizes {
  workers: number;
  smallWorkers: number;
  /** What the product's first answer held on each set, e.g. `50 of 1,234 rows` (lists only). */
  rows?: { large: string; small: string };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const count = (value: number) => value.toLocaleString('en');

/** The figures of one endpoint, each beside its budget. */
export function endpointFigures(endpoint: Endpoint, database: string, load: EndpointLoad, sizes: SetSizes): Figure[] {
  const { product, bare, small } = load;
  const figures: Figure[] = [];
  const bareWords = `bare node:http p99 ${ms(bare.p99)}, p50 ${ms(bare.p50)}`;
  if (endpoint.kind === 'list') {
    const p99Limit = BUDGETS.listP99VsBare * bare.p99;
    const throughputLimit = BUDGETS.listThroughputVsBare * bare.requestsPerSecond;
    figures.push(
      figure(
        `${endpoint.name}: p99`,
        database,
        product.p99,
        'ms',
        { limit: p99Limit, words: `<= ${BUDGETS.listP99VsBare} x bare p99 (${ms(p99Limit)})` },
        `p50 ${ms(product.p50)}; ${bareWords}`,
      ),
      figure(
        `${endpoint.name}: throughput`,
        database,
        product.requestsPerSecond,
        'req/s',
        {
          limit: throughputLimit,
          atMost: false,
          words: `>= ${BUDGETS.listThroughputVsBare} x bare (${Math.round(throughputLimit)} req/s)`,
        },
        `bare node:http ${Math.round(bare.requestsPerSecond)} req/s: ` +
          `${(product.requestsPerSecond / Math.max(1, bare.requestsPerSecond)).toFixed(2)} of it`,
      ),
    );
  } else {
    figures.push(
      figure(
        `${endpoint.name}: p99`,
        database,
        product.p99,
        'ms',
        { limit: endpoint.kind === 'calendar' ? BUDGETS.complianceCalendarP99Ms : BUDGETS.tileP99Ms },
        `p50 ${ms(product.p50)}; ${bareWords}`,
      ),
    );
  }
  const rows = sizes.rows ? ` (${sizes.rows.large} against ${sizes.rows.small})` : '';
  figures.push(
    figure(
      `${endpoint.name}: p50 growth`,
      database,
      product.p50 / Math.max(0.001, small.p50),
      'x',
      // Decision 094 sets the calendar an absolute budget: its counts cover every item of the window, which
      // grows with the set by nature, so its growth is shown, not judged.
      endpoint.kind === 'calendar' ? null : { limit: BUDGETS.growthP50 },
      `p50 ${ms(product.p50)} at ${count(sizes.workers)} workers, ${ms(small.p50)} at ${count(sizes.smallWorkers)}${rows}`,
    ),
  );
  return figures;
}
