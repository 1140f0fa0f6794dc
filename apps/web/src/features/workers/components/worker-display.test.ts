import { describe, expect, it } from 'vitest';
import { designationOf, formatGrowthTrend, formatSalary, workerCount } from './worker-display.ts';

describe('formatGrowthTrend', () => {
  it.each([
    [12.5, '+12.5%'],
    [-12.5, '-12.5%'],
    [0, '+0.0%'],
    [100, '+100.0%'],
    [33.333, '+33.3%'],
    [-0.04, '+0.0%'],
  ])('%d shows as %s', (value, shown) => {
    expect(formatGrowthTrend(value)).toBe(shown);
  });
});

describe('worker display helpers', () => {
  it('defaults the designation to Construction Worker', () => {
    expect(designationOf({ designation: null })).toBe('Construction Worker');
    expect(designationOf({ designation: '' })).toBe('Construction Worker');
    expect(designationOf({ designation: 'Rigger' })).toBe('Rigger');
  });

  it('shows the salary as rate type and amount, or N/A', () => {
    expect(formatSalary({ rate_type: 'Monthly', salary_rate: 1800 })).toMatch(/^Monthly: .*1,800\.00$/);
    expect(formatSalary({ rate_type: null, salary_rate: 12.5 })).toMatch(/12\.50$/);
    expect(formatSalary({ rate_type: 'Daily', salary_rate: null })).toBe('N/A');
  });
});

describe('workerCount', () => {
  it.each([
    [0, '0 workers'],
    [1, '1 worker'],
    [2345, '2,345 workers'],
  ])('%d reads %s', (total, shown) => {
    expect(workerCount(total)).toBe(shown);
  });
});
