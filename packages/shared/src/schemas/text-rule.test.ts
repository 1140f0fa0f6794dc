/**
 * Decision 009, one text rule for every text field of every module: control characters (but tab and
 * line breaks in multi-line text) and lone surrogates are refused, and text made only of invisible
 * characters is no text. Timesheet notes and charge descriptions once let them through.
 */
import { describe, expect, it } from 'vitest';
import { AdminChargeInput, TEXT_NOT_ALLOWED } from './admin-charge.ts';
import { TimesheetInput } from './timesheet.ts';

const WORKER = '2b1f0d8e-7c39-4c43-9d1a-6f0b9c1e4a55';
const charge = (description: string) =>
  AdminChargeInput.safeParse({
    worker_id: WORKER,
    charge_date: '2025-03-14',
    charge_type: 'Other',
    amount: '10.00',
    description,
  });
const timesheet = (notes: string) =>
  TimesheetInput.safeParse({ worker_id: WORKER, work_date: '2025-03-10', time_in: '08:00', time_out: '17:00', notes });

describe('one text rule (decision 009)', () => {
  it.each([
    ['a lone high surrogate', 'ab\ud800cd'],
    ['a lone low surrogate', 'ab\udc00cd'],
    ['NEL (U+0085), a C1 control character', 'line\u0085break'],
    ['NUL', 'bad\u0000byte'],
  ])('refuses %s in a charge description and in timesheet notes', (_name, text) => {
    const refusedCharge = charge(text);
    expect(refusedCharge.success).toBe(false);
    expect(refusedCharge.error?.issues[0]?.message).toBe(TEXT_NOT_ALLOWED);
    const refusedTimesheet = timesheet(text);
    expect(refusedTimesheet.success).toBe(false);
    expect(refusedTimesheet.error?.issues[0]?.message).toBe(TEXT_NOT_ALLOWED);
  });

  it('keeps tab, line breaks, emoji and other scripts', () => {
    const text = 'Room 3\tblock B\r\n陈伟强 😀 Nguyễn';
    expect(charge(text).data?.description).toBe(text);
    expect(timesheet(text).data?.notes).toBe(text);
  });

  it('stores text of only zero-width characters as no text', () => {
    const invisible = '\u200b\u200c\u200d\ufeff';
    expect(charge(invisible).data?.description).toBeNull();
    expect(timesheet(invisible).data?.notes).toBeNull();
  });
});
