import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PayRun, PayRunPayment, PayRunPaymentLine } from '@td/shared/schemas/pay-run';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PayRunPayDialog, summarizeModes } from './pay-run-pay-dialog.tsx';

const RUN: PayRun = {
  id: '00000000-0000-4000-8000-000000000001',
  status: 'Approved',
  pay_period_start: '2026-10-01',
  pay_period_end: '2026-10-31',
  pay_by_date: '2026-11-07',
  progress: { done: 2, total: 2 },
  generated: 2,
  skipped: [],
  warnings: [],
  totals: { gross: 3000, deductions: 0, nett_salary: 3000 },
  created_by: 'Nur Aisyah',
  approved_by: 'Hui Min',
  approved_at: '2026-11-02T01:00:00.000Z',
  paid_at: null,
  payment_date: null,
  error: null,
};

const PAYMENT: PayRunPayment = {
  items: [
    {
      payslip_id: 'p1',
      worker_id: '10000000-0000-4000-8000-000000000001',
      worker_code: 'TD-1001',
      worker: { first_name: 'Ahmad', last_name: 'Ali' },
      nett_salary: 1000.1,
      mode: 'GIRO',
      bank_name: 'DBS Bank / POSB',
      bank_account: '******7890',
      has_bank_details: true,
    },
    {
      payslip_id: 'p2',
      worker_id: '10000000-0000-4000-8000-000000000002',
      worker_code: 'TD-1002',
      worker: { first_name: 'Bala', last_name: 'Raj' },
      nett_salary: 1999.9,
      mode: 'Cash',
      bank_name: null,
      bank_account: null,
      has_bank_details: false,
    },
  ],
};

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockImplementation(async () => new Response(JSON.stringify(PAYMENT), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function renderDialog(onPay = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PayRunPayDialog run={RUN} open busy={false} error={null} onCancel={vi.fn()} onPay={onPay} />
    </QueryClientProvider>,
  );
  return onPay;
}

describe('PayRunPayDialog (decision 082)', () => {
  it('sums the bank file, stops a GIRO worker without bank details, warns after the pay-by date, and pays', async () => {
    const user = userEvent.setup();
    const onPay = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Pay the pay run' });
    const summary = await within(dialog).findByLabelText('Payment summary');
    expect(await within(summary).findByText('1 payment(s), $1,000.10')).toBeInTheDocument();
    expect(within(dialog).getByText(/DBS Bank \/ POSB \*{6}7890/)).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Payment mode of Bala Raj'), 'GIRO');
    expect(within(dialog).getByRole('list', { name: 'GIRO workers without bank details' })).toHaveTextContent(
      'Bala Raj (TD-1002)',
    );
    expect(within(dialog).getByRole('button', { name: 'Pay 2 payslip(s)' })).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Payment mode of Bala Raj'), 'Cheque');
    expect(within(dialog).queryByRole('list', { name: 'GIRO workers without bank details' })).toBeNull();

    const date = within(dialog).getByLabelText(/Payment date/);
    await user.clear(date);
    await user.type(date, '2026-11-07');
    expect(within(dialog).queryByText(/Employment Act s\.21 asks/)).toBeNull();
    await user.clear(date);
    await user.type(date, '2026-11-09');
    expect(within(dialog).getByText(/Employment Act s\.21 asks/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Pay 2 payslip(s)' }));
    expect(onPay).toHaveBeenCalledWith({
      payment_date: '2026-11-09',
      modes: { '10000000-0000-4000-8000-000000000002': 'Cheque' },
      email_payslips: true,
    });
  });
});

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
