import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import {
  EXPIRING_SOON_DAYS,
  isExpiringSoonOnDay,
  statusOnDay,
  trainingDay,
  trainingExpiry,
  trainingStatus,
} from './training-status.ts';

const SG = 'Asia/Singapore';
// 10 January 2025, 09:30 in Singapore.
const NOW = new Date('2025-01-10T01:30:00Z');

describe('trainingStatus with a fixed clock (SPEC 4, 9)', () => {
  it.each([
    ['expired yesterday', '2025-01-09', 'Expired', false, -1],
    ['expiring today', '2025-01-10', 'Valid', true, 0],
    ['expiring in exactly 30 days', '2025-02-09', 'Valid', true, 30],
    ['expiring in 31 days', '2025-02-10', 'Valid', false, 31],
    ['expired long ago', '2019-06-30', 'Expired', false, -2021],
    ['no expiry date', null, 'No Expiry', false, null],
  ] as const)('%s (%s): %s', (_case, expiry, status, expiringSoon, days) => {
    expect(trainingStatus(expiry, NOW, SG)).toBe(status);
    expect(trainingExpiry(expiry, NOW, SG)).toEqual({
      status,
      expiring_soon: expiringSoon,
      days_until_expiry: days,
    });
  });

  it('treats an empty expiry as none', () => {
    expect(trainingStatus('', NOW, SG)).toBe('No Expiry');
  });

  it('reads today in the business time zone, not UTC', () => {
    // 23:59:59 on 31 January in Singapore is still 31 January there...
    expect(trainingStatus('2025-01-31', new Date('2025-01-31T15:59:59Z'), SG)).toBe('Valid');
    // ...and one second later it is 1 February: a certificate that expired on 31 January is Expired.
    expect(trainingStatus('2025-01-31', new Date('2025-01-31T16:00:00Z'), SG)).toBe('Expired');
    // The same instant in London is still 31 January.
    expect(trainingStatus('2025-01-31', new Date('2025-01-31T16:00:00Z'), 'Europe/London')).toBe('Valid');
  });

  it('gives the window of 30 days from today, across a leap day and a year end', () => {
    expect(trainingDay(new Date('2024-02-10T04:00:00Z'), SG)).toEqual({
      today: '2024-02-10',
      expiringSoonUntil: '2024-03-11',
    });
    expect(trainingDay(new Date('2025-12-15T04:00:00Z'), SG)).toEqual({
      today: '2025-12-15',
      expiringSoonUntil: '2026-01-14',
    });
  });
});

describe('status and Expiring Soon agree (property)', () => {
  const isoDay = fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2080-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10));

  it('Expiring Soon records are exactly the Valid ones within 30 days', () => {
    fc.assert(
      fc.property(isoDay, fc.integer({ min: -400, max: 400 }), (today, offset) => {
        const day = { today, expiringSoonUntil: addDays(today, EXPIRING_SOON_DAYS) };
        const expiry = addDays(today, offset);
        expect(statusOnDay(expiry, day)).toBe(offset < 0 ? 'Expired' : 'Valid');
        expect(isExpiringSoonOnDay(expiry, day)).toBe(offset >= 0 && offset <= EXPIRING_SOON_DAYS);
      }),
    );
  });
});
