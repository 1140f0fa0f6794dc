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
});
