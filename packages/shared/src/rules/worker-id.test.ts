import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FIVE_DIGIT_IDS,
  FOUR_DIGIT_ATTEMPTS,
  FOUR_DIGIT_IDS,
  isWorkerId,
  randomWorkerId,
  workerIdCandidate,
  workerIdRange,
} from './worker-id.ts';

describe('worker id (SPEC 9, ARCHITECTURE differs 4)', () => {
  it('uses 4 digits while the space has room, 5 digits when more than 90% is taken', () => {
    expect(workerIdRange(0)).toEqual(FOUR_DIGIT_IDS);
    expect(workerIdRange(8100)).toEqual(FOUR_DIGIT_IDS);
    expect(workerIdRange(8101)).toEqual(FIVE_DIGIT_IDS);
    expect(workerIdRange(9000)).toEqual(FIVE_DIGIT_IDS);
  });

  it('moves to 5 digits after repeated collisions in one create', () => {
    expect(workerIdRange(10, FOUR_DIGIT_ATTEMPTS - 1)).toEqual(FOUR_DIGIT_IDS);
    expect(workerIdRange(10, FOUR_DIGIT_ATTEMPTS)).toEqual(FIVE_DIGIT_IDS);
  });

  it('maps the random source onto the whole range, ends included', () => {
    expect(randomWorkerId(FOUR_DIGIT_IDS, () => 0)).toBe('TD-1000');
    expect(randomWorkerId(FOUR_DIGIT_IDS, () => 0.999999999)).toBe('TD-9999');
    expect(randomWorkerId(FOUR_DIGIT_IDS, () => 1)).toBe('TD-9999');
    expect(randomWorkerId(FIVE_DIGIT_IDS, () => 0)).toBe('TD-10000');
    expect(randomWorkerId(FIVE_DIGIT_IDS, () => 0.5)).toBe('TD-55000');
    expect(workerIdCandidate(0, 0, () => 0.5)).toBe('TD-5500');
  });

  it('always answers a well-formed id of the chosen size (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9000 }),
        fc.integer({ min: 0, max: 50 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (taken, attempt, r) => {
          const id = workerIdCandidate(taken, attempt, () => r);
          expect(isWorkerId(id)).toBe(true);
          const digits = id.length - 3;
          expect(digits).toBe(workerIdRange(taken, attempt) === FOUR_DIGIT_IDS ? 4 : 5);
        },
      ),
    );
  });

  it('recognises worker ids', () => {
    expect(isWorkerId('TD-1000')).toBe(true);
    expect(isWorkerId('TD-99999')).toBe(true);
    expect(isWorkerId('TD-0999')).toBe(false);
    expect(isWorkerId('TD-100000')).toBe(false);
    expect(isWorkerId('XX-1000')).toBe(false);
  });
});
