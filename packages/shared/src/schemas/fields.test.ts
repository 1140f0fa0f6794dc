import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  IdParams,
  isBlank,
  isoDate,
  latestToday,
  money,
  oneOf,
  optional,
  paging,
  queryInt,
  requiredText,
  safeText,
  timeOfDay,
  uuid,
} from './fields.ts';

/** The first message zod answers, or the parsed value. */
function parse<T extends z.ZodType>(schema: T, value: unknown): { value: z.output<T> } | { error: string } {
  const result = schema.safeParse(value);
  return result.success ? { value: result.data } : { error: result.error.issues[0]?.message ?? '' };
}

describe('safeText (decision 009)', () => {
  const name = safeText(10, { label: 'First Name' });

  it('trims spaces and invisible characters at the ends, keeping those inside', () => {
    expect(parse(name, '  Ali  ')).toEqual({ value: 'Ali' });
    expect(parse(name, '\uFEFF\u200BAli\u200E')).toEqual({ value: 'Ali' });
    // A zero-width joiner inside a name is part of it (Indic and Persian scripts use it).
    expect(parse(name, 'ab\u200Dcd')).toEqual({ value: 'ab\u200Dcd' });
  });

  it.each([
    ['NUL', 'A\u0000B'],
    ['escape', '\u001B[31m'],
    ['delete', 'x\u007F'],
    ['C1 control', 'x\u0085y'],
    ['line break in a one-line field', 'a\nb'],
    ['lone high surrogate', 'a\uD800b'],
    ['lone low surrogate', '\uDC00'],
  ])('refuses a %s with the field message', (_, value) => {
    expect(parse(name, value)).toEqual({ error: 'First Name contains characters that are not allowed' });
  });

  it('keeps paired surrogates (emoji, rare CJK) and allows line breaks in multi-line text', () => {
    expect(parse(name, 'Zoë 😀')).toEqual({ value: 'Zoë 😀' });
    expect(parse(safeText(50, { multiline: true }), 'line 1\r\n\tline 2')).toEqual({ value: 'line 1\r\n\tline 2' });
    expect(parse(safeText(50, { multiline: true, label: 'Notes' }), 'a\u0000')).toEqual({
      error: 'Notes contains characters that are not allowed',
    });
  });

  it('refuses too long a value instead of cutting it', () => {
    expect(parse(name, 'x'.repeat(11))).toEqual({ error: 'First Name must be at most 10 characters' });
    expect(parse(name, 'x'.repeat(900_000))).toEqual({ error: 'First Name must be at most 10 characters' });
    expect(parse(name, ` ${'x'.repeat(10)} `)).toEqual({ value: 'x'.repeat(10) });
  });

  it('leaves passwords as typed when trim is off', () => {
    expect(parse(safeText(50, { trim: false }), '  secret  ')).toEqual({ value: '  secret  ' });
  });

  it('never lets a control character inside a value through (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 0x9f }), fc.string(), (before, code, after) => {
        fc.pre(code < 0x20 || code >= 0x7f);
        const result = safeText(1000).safeParse(`${before}a${String.fromCharCode(code)}b${after}`);
        expect(result.success).toBe(false);
      }),
    );
  });
});

describe('requiredText and optional: blank means empty', () => {
  it.each(['', '   ', '\u200B', '\uFEFF', '\u202E\u202C', '\u2066\u2069', '\u3164', '\u00AD', '\t\u200D '])(
    '%j is empty',
    (value) => {
      expect(isBlank(value)).toBe(true);
      expect(parse(requiredText(100, { label: 'Last Name' }), value)).toEqual({ error: 'Last Name is required' });
      expect(parse(optional(safeText(100)), value)).toEqual({ value: null });
    },
  );

  it('answers "<Label> is required" for a missing value and null for a missing optional one', () => {
    expect(parse(requiredText(100, { label: 'Name' }), undefined)).toEqual({ error: 'Name is required' });
    expect(parse(optional(safeText(100)), undefined)).toEqual({ value: null });
    expect(parse(optional(safeText(100)), null)).toEqual({ value: null });
    expect(parse(optional(safeText(5, { label: 'Code' })), 'toolong')).toEqual({
      error: 'Code must be at most 5 characters',
    });
    expect(parse(optional(safeText(5, { label: 'Code' })), '\u0000')).toEqual({
      error: 'Code contains characters that are not allowed',
    });
  });
});

describe('oneOf', () => {
  it('accepts an option and refuses anything else with the choose message', () => {
    const pass = oneOf(['WP', 'SPass'] as const, 'Type of Pass');
    expect(parse(pass, ' WP ')).toEqual({ value: 'WP' });
    expect(parse(pass, 'EP')).toEqual({ error: 'Please choose a valid Type of Pass' });
  });
});

describe('isoDate (decision 009)', () => {
  const birth = isoDate({ label: 'Date of Birth', past: true, today: () => '2026-05-01' });

  it.each([
    ['junk after the date', '2025-01-01junk'],
    ['a timestamp', '2025-01-01T23:59:59Z'],
    ['100 KB after the date', `2025-01-01${'x'.repeat(100_000)}`],
    ['no leading zeros', '2025-1-1'],
    ['another order', '01/01/2025'],
    ['a day that does not exist', '2025-02-30'],
    ['an expanded year', '+02025-01-01'],
    ['year zero', '0000-01-01'],
    ['full-width digits', '２０２５-01-01'],
  ])('refuses %s with the SPEC 5 format message', (_, value) => {
    expect(parse(birth, value)).toEqual({ error: 'Invalid Date of Birth format. Please use YYYY-MM-DD format.' });
  });

  it('checks plausibility: after 1900, before 2100, in the past when asked', () => {
    expect(parse(birth, '1990-04-12')).toEqual({ value: '1990-04-12' });
    expect(parse(birth, '1899-12-31')).toEqual({ error: 'Date of Birth cannot be before 01/01/1900' });
    expect(parse(birth, '2026-05-01')).toEqual({ error: 'Date of Birth must be in the past' });
    expect(parse(birth, '2026-04-30')).toEqual({ value: '2026-04-30' });
    const expiry = isoDate({ label: 'WP Expiry Date' });
    expect(parse(expiry, '2099-12-31')).toEqual({ value: '2099-12-31' });
    expect(parse(expiry, '2100-01-01')).toEqual({ error: 'WP Expiry Date cannot be after 31/12/2099' });
  });

  it('takes today as the latest date anywhere, so no time zone refuses yesterday', () => {
    expect(latestToday(new Date('2026-05-01T09:59:59Z'))).toBe('2026-05-01');
    expect(latestToday(new Date('2026-05-01T10:00:00Z'))).toBe('2026-05-02');
  });
});

describe('timeOfDay', () => {
  it('accepts HH:MM from 00:00 to 23:59 only', () => {
    const time = timeOfDay('Time In');
    expect(parse(time, '08:00')).toEqual({ value: '08:00' });
    expect(parse(time, '23:59')).toEqual({ value: '23:59' });
    for (const bad of ['24:00', '8:00', '08:60', '08:00:00', '08:00pm', '']) {
      expect(parse(time, bad)).toEqual({ error: 'Invalid Time In format. Please use HH:MM format.' });
    }
  });
});

describe('money (decision 009)', () => {
  const salary = money({ label: 'Salary Rate' });

  it.each([
    ['120', 12000],
    ['1850.5', 185050],
    [1850.5, 185050],
    [0, 0],
    ['0.07', 7],
    ['10000000', 1_000_000_000],
  ])('reads %j as %i cents', (input, cents) => {
    expect(parse(salary, input)).toEqual({ value: cents });
  });

  it.each([
    ['0x10', 'Salary Rate must be a number of 0 or more'],
    ['0b101', 'Salary Rate must be a number of 0 or more'],
    ['1e3', 'Salary Rate must be a number of 0 or more'],
    ['-5', 'Salary Rate must be a number of 0 or more'],
    [true, 'Salary Rate must be a number of 0 or more'],
    ['1.005', 'Salary Rate can have at most 2 decimal places'],
    [1.005, 'Salary Rate can have at most 2 decimal places'],
    ['10000000.01', 'Salary Rate cannot be more than 10,000,000.00'],
  ])('refuses %j: %s', (input, message) => {
    expect(parse(salary, input)).toEqual({ error: message });
  });

  it('is optional only when wrapped', () => {
    expect(parse(optional(salary), '')).toEqual({ value: null });
    expect(parse(optional(salary), '  ')).toEqual({ value: null });
    expect(parse(salary, undefined)).toEqual({ error: 'Salary Rate is required' });
  });
});

describe('ids and numbers', () => {
  it('lower-cases a UUID in any case; other ids pass for the route to answer 404', () => {
    const id = '2B1F0D8E-7C39-4C43-9D1A-6F0B9C1E4A55';
    expect(IdParams.parse({ id })).toEqual({ id: id.toLowerCase() });
    expect(IdParams.parse({ id: 'not-a-uuid' })).toEqual({ id: 'not-a-uuid' });
    expect(parse(uuid('Worker'), id)).toEqual({ value: id.toLowerCase() });
    expect(parse(uuid('Worker'), 'TD-1234')).toEqual({ error: 'Please choose a valid Worker' });
  });

  it('reads decimal digits only for query numbers', () => {
    const page = queryInt({ label: 'Page', min: 1 });
    expect(parse(page, '12')).toEqual({ value: 12 });
    expect(parse(page, '9007199254740991')).toEqual({ value: Number.MAX_SAFE_INTEGER });
    for (const bad of ['0x10', '1e3', ' 2', '2.5', '', '-1', '99999999999999999']) {
      expect(parse(page, bad)).toEqual({ error: 'Page must be a whole number' });
    }
    expect(parse(page, '0')).toEqual({ error: 'Page must be between 1 and 9007199254740991' });
    const list = z.object(paging({ maxPageSize: 100 }));
    expect(list.parse({})).toEqual({ page: 1, pageSize: 25 });
    expect(list.safeParse({ pageSize: '101' }).success).toBe(false);
  });
});
