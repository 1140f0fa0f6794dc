import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseUnderTest } from '../../test/build-test-app.ts';
import { formatTable } from './figures.ts';
import { FEATURE_ROUTES } from './front-end-size.ts';
import { ENDPOINTS, frontEndFigures, runBench } from './run-bench.ts';
import type { Manifest } from './vite-manifest.ts';

/**
 * Issue 15: the short form of `npm run bench` (tiny data, a fraction of a second per endpoint) runs in
 * the suite on the database under test, so the script cannot rot. Budgets are not judged here: tiny
 * data on a busy CI machine says nothing about them; that every figure is produced, through the real
 * server and the bare one, does.
 */
describe('npm run bench, short form', () => {
  it('measures every endpoint beside the bare server, the payroll run, the letter and the memory', {
    timeout: 120_000,
  }, async () => {
    const url = process.env.TEST_DATABASE_URL;
    const figures = await runBench({
      workers: 30,
      months: 1,
      seconds: 0,
      requests: 40,
      connections: 10,
      letters: 5,
      databases: [databaseUnderTest === 'postgres' && url ? { kind: 'postgres', url } : { kind: 'sqlite' }],
      webDist: null,
      log: () => undefined,
    });
    const names = figures.map((f) => f.name);
    for (const endpoint of ENDPOINTS) {
      const p99 = figures.find((f) => f.name === `${endpoint.name}: p99`);
      const throughput = figures.find((f) => f.name === `${endpoint.name}: throughput`);
      expect(p99?.value, endpoint.name).toBeGreaterThan(0);
      expect(throughput?.value, endpoint.name).toBeGreaterThan(0);
      expect(throughput?.comparison).toMatch(/^bare node:http \d+ req\/s: \d+\.\d\d of it$/);
    }
    expect(names).toContain('server resident memory during the HTTP runs (peak)');
    if (process.platform === 'linux') {
      const steal = figures.find((f) => f.name.startsWith('machine: CPU time taken by the hypervisor'));
      expect(steal?.value).toBeGreaterThanOrEqual(0);
      expect(steal?.value).toBeLessThanOrEqual(100);
    }
    const payroll = figures.find((f) => f.name.startsWith('payroll run: '));
    expect(payroll?.name).toMatch(/^payroll run: \d+ payslips/);
    expect(figures.find((f) => f.name.startsWith('employment letter PDF'))?.value).toBeGreaterThan(0);
    for (const f of figures) {
      expect(f.database).toBe(databaseUnderTest);
      expect(f.met === null).toBe(f.budget === null);
    }
    expect(formatTable(figures).split('\n')).toHaveLength(figures.length + 2);
  });

  it('adds up the gzipped files of the login route and of each feature route from the build manifest', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'td-web-dist-'));
    try {
      const write = (file: string, bytes: number) => {
        fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
        // Random bytes do not compress: the gzipped size is about the size.
        fs.writeFileSync(
          path.join(dist, file),
          Buffer.from(Array.from({ length: bytes }, () => Math.floor(Math.random() * 256))),
        );
      };
      write('assets/index.js', 40_000);
      write('assets/index.css', 10_000);
      write('assets/react.js', 30_000);
      write('assets/worker-list.js', 20_000);
      write('assets/table.js', 5_000);
      write('assets/never.js', 50_000);
      const manifest: Manifest = {
        'index.html': {
          file: 'assets/index.js',
          isEntry: true,
          imports: ['_react.js'],
          css: ['assets/index.css'],
          dynamicImports: [FEATURE_ROUTES['/worker-management'] ?? ''],
        },
        '_react.js': { file: 'assets/react.js' },
        [FEATURE_ROUTES['/worker-management'] ?? '']: {
          file: 'assets/worker-list.js',
          imports: ['_react.js', '_table.js'],
        },
        '_table.js': { file: 'assets/table.js' },
        'never-imported.tsx': { file: 'assets/never.js' },
      };
      fs.mkdirSync(path.join(dist, '.vite'));
      fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
      const [login, workers, ...others] = frontEndFigures(dist);
      expect(others).toEqual([]);
      expect(login?.name).toBe('front end: /login JS+CSS gzipped');
      expect(login?.value).toBeGreaterThan(78);
      expect(login?.value).toBeLessThan(82);
      expect(login?.comparison).toMatch(/^3 files; brotli \d+\.\d KB$/);
      expect(workers?.name).toBe('front end: /worker-management JS+CSS gzipped');
      expect((workers?.value ?? 0) - (login?.value ?? 0)).toBeGreaterThan(24);
      expect((workers?.value ?? 0) - (login?.value ?? 0)).toBeLessThan(26);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
