import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCents } from '../rules/money.ts';
import {
  AdminChargeInput,
  AdminChargeListQuery,
  AMOUNT_DECIMALS,
  AMOUNT_POSITIVE,
  AMOUNT_REQUIRED,
  CONSENT_AFTER_CHARGE,
  MAX_CHARGE_CENTS,
  parseAmount,
} from './admin-charge.ts';

const asText = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

describe('parseAmount', () => {
  it('reads every amount from 0.01 to 999,999.99 exactly, as text and as a JSON number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_CHARGE_CENTS }), (cents) => {
        expect(parseAmount(asText(cents))).toEqual({ ok: true, cents });
        // cents / 100 is the nearest double to the decimal; its shortest form is that decimal.
        expect(parseAmount(cents / 100)).toEqual({ ok: true, cents });
        expect(toCents(cents / 100)).toBe(cents);
      }),
    );
  });

  it('converts sums, 0 and negative differences exactly too', () => {
    expect(toCents(0)).toBe(0);
    expect(toCents(100_150.8)).toBe(10_015_080);
    expect(toCents(-0.3)).toBe(-30);
    expect(() => toCents(0.125)).toThrow(RangeError);
  });

  it('refuses any third decimal that is not zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 1, max: 9 }), (cents, digit) => {
        expect(parseAmount(`${asText(cents)}${digit}`)).toEqual({ ok: false, message: AMOUNT_DECIMALS });
      }),
    );
  });

  it.each([
    [undefined, AMOUNT_REQUIRED],
    [null, AMOUNT_REQUIRED],
    ['   ', AMOUNT_REQUIRED],
    ['.', AMOUNT_POSITIVE],
    ['+5', AMOUNT_POSITIVE],
    [' 1 000', AMOUNT_POSITIVE],
    [Number.NaN, AMOUNT_POSITIVE],
    [Number.POSITIVE_INFINITY, AMOUNT_POSITIVE],
    [-0, AMOUNT_POSITIVE],
  ])('%j: %s', (value, message) => {
    expect(parseAmount(value)).toEqual({ ok: false, message });
  });

  it.each([
    ['.5', 50],
    ['5.', 500],
    ['007.10', 710],
  ])('%s is %i cents', (value, cents) => {
    expect(parseAmount(value)).toEqual({ ok: true, cents });
  });
});

describe('AdminChargeInput', () => {
  it('parses the form into the API input, dropping a status', () => {
    const parsed = AdminChargeInput.parse({
      worker_id: '2B1F0D8E-7C39-4C43-9D1A-6F0B9C1E4A55',
      charge_date: '2025-03-14',
      charge_type: 'Equipment Damage',
      amount: '1850.05',
      description: '  Broken drill  ',
      status: 'Approved',
    });
    expect(parsed).toEqual({
      worker_id: '2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55',
      charge_date: '2025-03-14',
      charge_type: 'Equipment Damage',
      amount: 1850.05,
      description: 'Broken drill',
    });
    // What the client sends back through the same schema parses to the same thing.
    expect(AdminChargeInput.parse(parsed)).toEqual(parsed);
  });
});

describe('AdminChargeListQuery', () => {
  it('treats empty parameters as absent', () => {
    expect(
      AdminChargeListQuery.parse({ q: '', worker_id: '', status: '', charge_type: '', page: '', pageSize: '' }),
    ).toEqual({ page: 1, pageSize: 25 });
  });
});

describe('the written consent to a deduction (decision 092, EA s.27)', () => {
  const charge = {
    worker_id: '00000000-0000-4000-8000-000000000001',
    charge_date: '2026-03-10',
    charge_type: 'Safety Violation',
    amount: '50.00',
    description: '',
  };
  it('is dated on or before the charge date', () => {
    expect(AdminChargeInput.safeParse({ ...charge, consent_date: '2026-03-10' }).success).toBe(true);
    expect(AdminChargeInput.safeParse({ ...charge, consent_date: '2026-01-05' }).success).toBe(true);
    const late = AdminChargeInput.safeParse({ ...charge, consent_date: '2026-03-11' });
    expect(late.success).toBe(false);
    expect(late.error?.issues).toEqual([
      expect.objectContaining({ path: ['consent_date'], message: CONSENT_AFTER_CHARGE }),
    ]);
  });
});
