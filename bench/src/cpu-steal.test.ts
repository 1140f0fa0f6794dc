import { describe, expect, it } from 'vitest';
import { parseCpuTimes, stealShare } from './cpu-steal.ts';

describe('the CPU time the hypervisor took', () => {
  it('reads the machine-wide cpu line of /proc/stat, not a single core', () => {
    const text = 'cpu  100 5 50 800 10 0 5 30 0 0\ncpu0 60 5 20 400 5 0 5 15 0 0\nintr 1\n';
    expect(parseCpuTimes(text)).toEqual({ busy: 160, idle: 810, steal: 30 });
  });

  it('is the stolen share of all the time between two readings', () => {
    const before = { busy: 100, idle: 300, steal: 50 };
    const after = { busy: 325, idle: 524, steal: 461 };
    // 411 ticks stolen of 225 busy + 224 idle + 411 stolen.
    expect(stealShare(before, after)).toBeCloseTo(411 / 860, 6);
  });

  it('is unknown without a reading or without time passing', () => {
    const reading = { busy: 1, idle: 1, steal: 0 };
    expect(stealShare(null, reading)).toBeNull();
    expect(stealShare(reading, reading)).toBeNull();
    expect(parseCpuTimes('intr 1\n')).toBeNull();
  });
});
