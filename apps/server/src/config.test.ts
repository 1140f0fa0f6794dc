import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has embedded defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: undefined });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('names each bad setting with its value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT="eighty"');
      expect((error as Error).message).toContain('DATABASE_URL="mysql://x": must start with postgres://');
    }
  });

  it('sends mail to the outbox unless SMTP_URL is set, and then needs MAIL_FROM', () => {
    const outbox = loadConfig({ DATA_DIR: '/srv/td' }).mail;
    expect(outbox).toEqual({
      smtpUrl: undefined,
      from: 'TD Workforce <no-reply@td-workforce.invalid>',
      outboxDir: '/srv/td/outbox',
    });
    const smtp = loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'Payroll <pay@example.com>' });
    expect(smtp.mail).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example.com:465', from: 'Payroll <pay@example.com>' });
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com' })).toThrow(
      /MAIL_FROM="": is required when SMTP_URL/,
    );
    expect(() => loadConfig({ MAIL_FROM: 'payroll at example' })).toThrow(
      /MAIL_FROM="payroll at example": must be an e-mail/,
    );
  });

  it('never prints the SMTP password of a bad SMTP_URL', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail.example.com' })).toThrow(
      /SMTP_URL=\(hidden\): must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    expect(() => loadConfig({ SMTP_URL: 'http://user:hunter2@mail.example.com' })).not.toThrow(/hunter2/);
  });
});

describe('hardening settings (decision 007)', () => {
  it('reads TRUST_PROXY as false, a number of hops, or proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.example', '1.2.3.4/8/9', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow('TRUST_PROXY=');
    }
  });

  it('reads PUBLIC_URL as an origin, refusing anything else', () => {
    expect(loadConfig({}).publicOrigin).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://TD.example.com/' }).publicOrigin).toBe('https://td.example.com');
    expect(loadConfig({ PUBLIC_URL: 'http://10.1.2.3:8080' }).publicOrigin).toBe('http://10.1.2.3:8080');
    for (const bad of [
      'td.example.com',
      'ftp://td.example.com',
      'https://td.example.com/app',
      'https://u:p@x.example',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow('PUBLIC_URL=');
    }
  });

  it('ends sessions 7 days after sign-in by default (SESSION_MAX_AGE_DAYS)', () => {
    expect(loadConfig({}).sessionPolicy).toEqual({ ttlMs: 12 * 3_600_000, maxAgeMs: 7 * 86_400_000 });
    expect(loadConfig({ SESSION_MAX_AGE_DAYS: '1' }).sessionPolicy.maxAgeMs).toBe(86_400_000);
    expect(() => loadConfig({ SESSION_MAX_AGE_DAYS: '0' })).toThrow('SESSION_MAX_AGE_DAYS=');
  });
});
