import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/build-test-app.ts';
import { createUser, login, readSession } from './auth.service.ts';

const HOUR = 60 * 60 * 1000;

describe('session expiry', () => {
  it('slides the expiry forward once less than half the lifetime is left, and ends after it', async () => {
    const db = await createTestDatabase();
    await createUser(db, { name: 'Clock', email: 'clock@example.com', password: 'clock password 1' }, null);
    const start = new Date('2026-03-01T00:00:00Z');
    const { token } = await login(
      db,
      { email: 'clock@example.com', password: 'clock password 1' },
      '1.2.3.4',
      12 * HOUR,
      start,
    );

    const early = await readSession(db, token, 12 * HOUR, new Date(start.getTime() + 2 * HOUR));
    expect(early?.renewedUntil).toBeNull();

    const late = await readSession(db, token, 12 * HOUR, new Date(start.getTime() + 7 * HOUR));
    expect(late?.renewedUntil?.toISOString()).toBe('2026-03-01T19:00:00.000Z');

    // Still valid at 18 h because it was renewed at 7 h; gone 12 h after the last renewal.
    expect(await readSession(db, token, 12 * HOUR, new Date(start.getTime() + 18 * HOUR))).not.toBeNull();
    const renewedAgainAt = new Date(start.getTime() + 18 * HOUR + 12 * HOUR + 1);
    expect(await readSession(db, token, 12 * HOUR, renewedAgainAt)).toBeNull();
    await db.destroy();
  });
});
