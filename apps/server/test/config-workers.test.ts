import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('worker and file settings', () => {
  it('defaults to Singapore business time and files under DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: '/srv/td' });
    expect(config.businessTimeZone).toBe('Asia/Singapore');
    expect(config.filesDir).toBe(path.resolve('/srv/td/files'));
    expect(loadConfig({ FILES_DIR: '/mnt/files' }).filesDir).toBe(path.resolve('/mnt/files'));
  });

  it('refuses an unknown time zone, naming the setting', () => {
    expect(() => loadConfig({ BUSINESS_TIME_ZONE: 'Mars/Olympus' })).toThrow(ConfigError);
    expect(() => loadConfig({ BUSINESS_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      'BUSINESS_TIME_ZONE="Mars/Olympus": must be an IANA time zone name such as Asia/Singapore',
    );
    expect(loadConfig({ BUSINESS_TIME_ZONE: 'Europe/London' }).businessTimeZone).toBe('Europe/London');
  });
});
