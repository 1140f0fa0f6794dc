import { describe, expect, it } from 'vitest';
import { type LighthouseResult, medianRun } from './lighthouse.ts';

const run = (score: number, lcpMs: number): LighthouseResult => ({
  path: '/worker-management',
  formFactor: 'mobile',
  score,
  finalUrl: 'http://127.0.0.1/worker-management',
  fcpMs: 2000,
  lcpMs,
  tbtMs: 50,
  cls: 0,
  findings: [],
});

describe('the median Lighthouse run', () => {
  it('is the run with the middle score, its metrics with it', () => {
    expect(medianRun([run(97, 2200), run(92, 2600), run(95, 2400)])).toEqual(run(95, 2400));
    expect(medianRun([run(90, 1), run(99, 2)])).toEqual(run(90, 1));
    expect(medianRun([run(96, 3)])).toEqual(run(96, 3));
    expect(() => medianRun([])).toThrow(/no Lighthouse run/);
  });
});
