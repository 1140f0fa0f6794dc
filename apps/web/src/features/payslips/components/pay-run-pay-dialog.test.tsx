import type { PayRunPaymentLine } from '@td/shared/schemas/pay-run';
import { describe, expect, it } from 'vitest';
import { summarizeModes } from './pay-run-pay-dialog.tsx';

const line = (id: string, nett: number, mode: PayRunPaymentLine['mode']): PayRunPaymentLine => ({
  payslip_id: id,
  worker_id: id,
  worker_code: null,
  worker: { first_name: 'A', last_name: id },
  nett_salary: nett,
  mode,
  bank_name: null,
  bank_account: null,
  has_bank_details: mode === 'GIRO',
});

describe('summarizeModes (the Pay dialog: the bank file is the GIRO count and total)', () => {
  it('adds each mode in whole cents, with the chosen mode over the default', () => {
    const lines = [line('1', 0.1, 'GIRO'), line('2', 0.2, 'GIRO'), line('3', 1234.56, 'Cash'), line('4', 10, 'Cash')];
    const totals = summarizeModes(lines, (l) => (l.payslip_id === '4' ? 'Cheque' : l.mode));
    expect(totals).toEqual({
      GIRO: { count: 2, cents: 30 },
      Cash: { count: 1, cents: 123_456 },
      Cheque: { count: 1, cents: 1_000 },
    });
  });
});
