import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/build-test-app.ts';
import { createUser, login, readSession, type SessionPolicy } from './auth.service.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const policy: SessionPolicy = { ttlMs: 12 * HOUR, maxAgeMs: 7 * DAY };
const client = { ip: '1.2.3.4' };
const credentials = { email: 'clock@example.com', password: 'clock password 1' };

/** These accounts have no two-factor sign-in: the password alone opens a session. */
function session<T extends object>(result: T): Exclude<T, { challenge: unknown }> {
  if ('challenge' in result) throw new Error('a code was asked for');
  return result as Exclude<T, { challenge: unknown }>;
}

async function signedIn(start: Date) {
  const db = await createTestDatabase();
  await createUser(db, { name: 'Clock', ...credentials }, null);
  const { token, expiresAt } = session(await login(db, credentials, client, policy, start));
  return { db, token, expiresAt };
}

describe('session expiry', () => {
  it('slides the expiry forward once less than half the lifetime is left, and ends after it', async () => {
    const start = new Date('2026-03-01T00:00:00Z');
    const { db, token } = await signedIn(start);

    const early = await readSession(db, token, policy, new Date(start.getTime() + 2 * HOUR));
    expect(early?.renewedUntil).toBeNull();

    const late = await readSession(db, token, policy, new Date(start.getTime() + 7 * HOUR));
    expect(late?.renewedUntil?.toISOString()).toBe('2026-03-01T19:00:00.000Z');

    // Still valid at 18 h because it was renewed at 7 h; gone 12 h after the last renewal.
    expect(await readSession(db, token, policy, new Date(start.getTime() + 18 * HOUR))).not.toBeNull();
    const renewedAgainAt = new Date(start.getTime() + 18 * HOUR + 12 * HOUR + 1);
    expect(await readSession(db, token, policy, renewedAgainAt)).toBeNull();
    await db.destroy();
  });

  it('ends 7 days after sign-in however often it is used (decision 007)', async () => {
    const start = new Date('2026-03-01T00:00:00Z');
    const { db, token } = await signedIn(start);
    let lastRenewal: Date | null = null;
    // Used every 5 hours: the sliding renewal never lets it lapse...
    for (let at = 5 * HOUR; at < 7 * DAY; at += 5 * HOUR) {
      const session = await readSession(db, token, policy, new Date(start.getTime() + at));
      expect(session, `after ${at / HOUR} h`).not.toBeNull();
      lastRenewal = session?.renewedUntil ?? lastRenewal;
    }
    // ...but no renewal reaches past the absolute lifetime, and at 7 days it is over.
    expect(lastRenewal?.toISOString()).toBe('2026-03-08T00:00:00.000Z');
    expect(await readSession(db, token, policy, new Date(start.getTime() + 7 * DAY - 1))).not.toBeNull();
    expect(await readSession(db, token, policy, new Date(start.getTime() + 7 * DAY))).toBeNull();
    // The row is gone: the session cannot come back.
    expect(await readSession(db, token, policy, new Date(start.getTime() + 2 * HOUR))).toBeNull();
    await db.destroy();
  });

  it('never sets a first expiry beyond a shorter absolute lifetime', async () => {
    const start = new Date('2026-03-01T00:00:00Z');
    const db = await createTestDatabase();
    await createUser(db, { name: 'Clock', ...credentials }, null);
    const short = session(await login(db, credentials, client, { ttlMs: 12 * HOUR, maxAgeMs: 2 * HOUR }, start));
    expect(short.expiresAt.toISOString()).toBe('2026-03-01T02:00:00.000Z');
    await db.destroy();
  });
});
