import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_COMPANY, loadConfig } from '../src/config.ts';

describe('company settings (letterhead, employment letter signatory)', () => {
  it('defaults to a complete Singapore employer', () => {
    expect(loadConfig({}).company).toEqual(DEFAULT_COMPANY);
  });

  it('reads each setting, trimmed, with the UEN in capitals', () => {
    const { company } = loadConfig({
      COMPANY_NAME: '  Lion City Builders Pte. Ltd. ',
      COMPANY_ADDRESS: '1 Raffles Place, #20-01, Singapore 048616',
      COMPANY_UEN: 't08ll1234a',
      HR_MANAGER_NAME: 'Siti Nurhaliza',
    });
    expect(company).toEqual({
      name: 'Lion City Builders Pte. Ltd.',
      address: '1 Raffles Place, #20-01, Singapore 048616',
      uen: 'T08LL1234A',
      hrManagerName: 'Siti Nurhaliza',
    });
    expect(loadConfig({ COMPANY_UEN: '53123456B' }).company.uen).toBe('53123456B');
  });

  it('refuses a malformed UEN, naming the setting', () => {
    expect(() => loadConfig({ COMPANY_UEN: 'ABC' })).toThrow(ConfigError);
    expect(() => loadConfig({ COMPANY_UEN: 'ABC' })).toThrow('COMPANY_UEN="ABC": must be a UEN such as 201912345K');
  });

  it('refuses a blank name rather than printing an empty letterhead', () => {
    expect(() => loadConfig({ COMPANY_NAME: '   ' })).toThrow('COMPANY_NAME');
  });
});
