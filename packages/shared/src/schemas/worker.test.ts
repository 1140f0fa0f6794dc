import { describe, expect, it } from 'vitest';
import {
  fieldMissingMessage,
  ISSUANCE_BEFORE_APPLICATION_MESSAGE,
  WORKER_FIELDS,
  workerInputSchema,
} from './worker.ts';

const messages = (input: Record<string, unknown>, mode: 'add' | 'edit' = 'add') => {
  const result = workerInputSchema(mode).safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('workerInputSchema shows every message at once (CONVENTIONS 15)', () => {
  it.each([
    ['a salary with 3 decimals', { salary_rate: '1.555' }, 'Salary Rate can have at most 2 decimal places'],
    ['a hexadecimal salary', { salary_rate: '0x10' }, 'Salary Rate must be a number of 0 or more'],
    ['a date of birth in 2999', { date_of_birth: '2999-01-01' }, 'Date of Birth cannot be after 31/12/2099'],
    ['a NUL in the last name', { last_name: 'U\u0000' }, 'Last Name contains characters that are not allowed'],
    ['an unknown nationality', { nationality: 'Martian' }, 'Please choose a valid Nationality'],
  ])('with %s, alongside the required-field messages', (_, input, message) => {
    const found = messages({ first_name: '\u200B', ...input });
    expect(Object.values(found)).toContain(message);
    expect(found.first_name).toBe('First Name is required');
    expect(found.passport_no).toBe('Passport No. is required');
    expect(found.documents).toBe(
      'At least one employment document (IPA, Consent Letter, or Contract) must be uploaded',
    );
  });

  it('parses the salary to integer cents and clears coretrade for other passes', () => {
    const parsed = workerInputSchema('edit').parse({
      ...Object.fromEntries(WORKER_FIELDS.map((field) => [field, null])),
      first_name: ' Rahim ',
      last_name: 'Uddin',
      date_of_birth: '1990-04-12',
      nationality: 'Bangladeshi',
      passport_no: 'BD1',
      type_of_pass: 'EP',
      coretrade: 'R1',
      salary_rate: '1850.50',
    });
    expect(parsed).toMatchObject({ first_name: 'Rahim', salary_rate: 185050, coretrade: null, email: null });
  });
});

describe('an edit sends every field (a field left out is not cleared by accident)', () => {
  it('names each field left out, and clears a field sent as null', () => {
    const everyField = Object.fromEntries(WORKER_FIELDS.map((field) => [field, null]));
    const partial: Record<string, unknown> = {
      ...everyField,
      first_name: 'Rahim',
      last_name: 'Uddin',
      date_of_birth: '1990-04-12',
      nationality: 'Bangladeshi',
      passport_no: 'BD1',
      type_of_pass: 'EP',
    };
    delete partial.ipa_url;
    delete partial.salary_rate;
    const result = workerInputSchema('edit').safeParse(partial);
    expect(result.success).toBe(false);
    expect(Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [])).toEqual({
      ipa_url: fieldMissingMessage('IPA Document'),
      salary_rate: fieldMissingMessage('Salary Rate'),
    });
    const cleared = workerInputSchema('edit').parse({ ...partial, ipa_url: null, salary_rate: '' });
    expect(cleared).toMatchObject({ ipa_url: null, salary_rate: null });
  });
});

describe('a pass is issued on or after its application', () => {
  const worker = (dates: { date_of_application: string; date_of_issuance: string }) =>
    workerInputSchema('edit').safeParse({
      ...Object.fromEntries(WORKER_FIELDS.map((field) => [field, null])),
      first_name: 'Rahim',
      last_name: 'Uddin',
      date_of_birth: '1990-04-12',
      nationality: 'Bangladeshi',
      passport_no: 'BD1',
      type_of_pass: 'WP',
      ...dates,
    });

  it('refuses a date of issuance before the date of application', () => {
    const result = worker({ date_of_application: '2025-03-10', date_of_issuance: '2025-03-09' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['date_of_issuance', ISSUANCE_BEFORE_APPLICATION_MESSAGE],
    ]);
  });

  it('accepts the same day or later', () => {
    expect(worker({ date_of_application: '2025-03-10', date_of_issuance: '2025-03-10' }).success).toBe(true);
    expect(worker({ date_of_application: '2025-03-10', date_of_issuance: '2025-04-01' }).success).toBe(true);
  });
});
