import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  identityKey,
  isPlausibleWorkerAge,
  isValidPhoneNumber,
  nricFinCheckLetter,
  nricFinProblem,
} from './worker-identity.ts';

describe('identityKey', () => {
  it('drops spaces and case, and treats blank as none', () => {
    expect(identityKey(' g 123 4567x ')).toBe('G1234567X');
    expect(identityKey('wp-0001\t')).toBe('WP-0001');
    expect(identityKey('   ')).toBeNull();
    expect(identityKey(null)).toBeNull();
  });
});

describe('NRIC / FIN check letter (published algorithm)', () => {
  it.each([
    ['S1234567D', null],
    ['T1234567J', null],
    ['F1234567N', null],
    ['G1234567X', null],
    ['M1234567K', null],
    ['G7654321L', null],
    ['G7654321K', 'check-letter'],
    ['s1234567d', null],
    ['S 1234567 D', null],
    ['S1234567A', 'check-letter'],
    ['G1234567N', 'check-letter'],
    ['M1234567L', 'check-letter'],
    ['X1234567D', 'format'],
    ['S123456D', 'format'],
    ['S12345678', 'format'],
    ['', 'format'],
  ])('%s -> %s', (value, problem) => {
    expect(nricFinProblem(value)).toBe(problem);
  });

  it('exactly one letter is right for every series and number', () => {
    fc.assert(
      fc.property(fc.constantFrom('S', 'T', 'F', 'G', 'M'), fc.stringMatching(/^\d{7}$/), (series, digits) => {
        const right = nricFinCheckLetter(series, digits);
        expect(right).toMatch(/^[A-Z]$/);
        const valid = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
          .split('')
          .filter((letter) => nricFinProblem(`${series}${digits}${letter}`) === null);
        expect(valid).toEqual([right]);
      }),
    );
  });
});

describe('phone numbers', () => {
  it.each([
    ['+65 8123 4567', true],
    ['81234567', true],
    ['+880 1712 345678', true],
    ['abc', false],
    ['8123-4567', false],
    ['++65 8123', false],
    ['65+81234567', false],
    ['12345', false],
    ['+1234567890123456', false],
  ])('%s -> %s', (value, valid) => {
    expect(isValidPhoneNumber(value)).toBe(valid);
  });
});

describe('worker age', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2010-06-15', '2025-06-14')).toBe(14);
    expect(ageOn('2010-06-15', '2025-06-15')).toBe(15);
    expect(ageOn('2031-01-01', '2025-06-15')).toBe(-6);
  });

  it('accepts 15 to 80, both included', () => {
    expect(isPlausibleWorkerAge('2010-06-15', '2025-06-15')).toBe(true);
    expect(isPlausibleWorkerAge('2010-06-16', '2025-06-15')).toBe(false);
    expect(isPlausibleWorkerAge('1944-06-16', '2025-06-15')).toBe(true);
    expect(isPlausibleWorkerAge('1944-06-15', '2025-06-15')).toBe(false);
    expect(isPlausibleWorkerAge('2031-01-01', '2025-06-15')).toBe(false);
  });
});
