import { describe, expect, it } from 'vitest';
import { describeChanges } from './audit.repository.ts';

describe('describeChanges', () => {
  it('lists only the fields that changed, as [before, after]', () => {
    const changes = describeChanges(
      { first_name: 'Ali', status: 'Onboarding', updated_at: 'a' },
      { first_name: 'Ali', status: 'Working', updated_at: 'b' },
    );
    expect(JSON.parse(changes ?? 'null')).toEqual({ status: ['Onboarding', 'Working'] });
  });

  it('keeps the whole record for a create and never copies a password hash', () => {
    const changes = describeChanges(null, { email: 'a@example.com', password_hash: 'secret' });
    expect(JSON.parse(changes ?? 'null')).toEqual({ email: [null, 'a@example.com'] });
  });

  it('answers null when nothing changed', () => {
    expect(describeChanges({ a: 1 }, { a: 1 })).toBeNull();
  });

  it('writes a create or a delete as the same text the field-by-field comparison gives', () => {
    const row = {
      id: 'p1',
      worker_id: null,
      amount: 1250,
      email_requested: 0,
      note: 'a "quoted" \\ line\nnext',
      charges: [{ charge_type: 'Attendance', amount: 100 }],
      missing: undefined,
      password_hash: 'secret',
      updated_at: 'x',
    };
    // What the general path writes: every non-null field against null, in the row's key order.
    const expected = (side: 'before' | 'after') =>
      JSON.stringify(
        Object.fromEntries(
          Object.entries(row)
            .filter(([key, value]) => value != null && key !== 'password_hash' && key !== 'updated_at')
            .map(([key, value]) => [key, side === 'after' ? [null, value] : [value, null]]),
        ),
      );
    expect(describeChanges(null, row)).toBe(expected('after'));
    expect(describeChanges(row, null)).toBe(expected('before'));
    expect(describeChanges(null, { password_hash: 'secret', updated_at: 'x', gone: null })).toBeNull();
    // The general comparison (both sides present) agrees on the same fields.
    const blank = Object.fromEntries(Object.keys(row).map((key) => [key, null]));
    expect(describeChanges(blank, row)).toBe(expected('after'));
  });
});
