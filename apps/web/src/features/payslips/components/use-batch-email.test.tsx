import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchEmailSummary } from './batch-email-panel.tsx';
import { type BatchEmailTarget, useBatchEmail } from './use-batch-email.ts';

const worker = (first_name: string) => ({
  first_name,
  last_name: 'Tan',
  worker_id: 'TD-1000',
  fin_no: null,
  wp_no: null,
  email: `${first_name.toLowerCase()}@example.com`,
});
const target = (id: string, first: string, status = 'Generated'): BatchEmailTarget => ({
  id,
  status,
  worker: worker(first),
  pay_period_start: '2025-03-01',
  pay_period_end: '2025-03-31',
});

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function setup() {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useBatchEmail(), { wrapper });
}

describe('useBatchEmail', () => {
  it('e-mails each selected payslip once, skips Paid ones, and reports each result', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/c/')) {
        return new Response(
          JSON.stringify({ error: { code: 'MAIL_FAILED', message: 'could not reach the mail server' } }),
          {
            status: 502,
          },
        );
      }
      const name = url.includes('/a/') ? 'Ali Tan' : 'Bala Tan';
      return new Response(
        JSON.stringify({ status: 'Sent', delivery: { method: 'smtp', to: 'x@example.com', name, file: null } }),
        { status: 200 },
      );
    });
    const { result } = setup();
    const targets = [
      target('a', 'Ali'),
      target('b', 'Bala'),
      target('a', 'Ali'),
      target('p', 'Draft', 'Draft'),
      target('c', 'Chen'),
    ];

    // Pressed twice: the second press while the first run goes is ignored.
    await act(async () => {
      void result.current.start(targets);
      await result.current.start(targets);
    });
    await waitFor(() => expect(result.current.run?.running).toBe(false));

    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls).toEqual(['/api/payslips/a/email', '/api/payslips/b/email', '/api/payslips/c/email']);
    const items = result.current.run?.items ?? [];
    expect(items.map((item) => [item.id, item.status, item.message])).toEqual([
      ['a', 'sent', 'Payslip has been emailed to Ali Tan at x@example.com'],
      ['b', 'sent', 'Payslip has been emailed to Bala Tan at x@example.com'],
      ['p', 'skipped', 'This payslip belongs to a Draft pay run: it can be emailed once the run is approved.'],
      ['c', 'failed', 'Failed to email payslip: could not reach the mail server'],
    ]);
    expect(batchEmailSummary(result.current.run ?? { items: [], running: false, done: 0 })).toBe(
      'Finished: 2 emailed, 1 skipped, 1 failed of 4 payslip(s)',
    );
  });

  it('stops before the next payslip when asked', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const { result } = setup();
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = result.current.start([target('a', 'Ali'), target('b', 'Bala')]);
    });
    await waitFor(() => expect(result.current.run?.items[0]?.status).toBe('sending'));
    expect(batchEmailSummary(result.current.run ?? { items: [], running: true, done: 0 })).toBe(
      'Emailing payslips: 0 of 2 done',
    );
    act(() => result.current.stop());
    answer(
      new Response(JSON.stringify({ delivery: { method: 'smtp', to: 'a@example.com', name: 'Ali Tan', file: null } })),
    );
    await act(async () => done);
    expect(result.current.run?.items.map((item) => item.status)).toEqual(['sent', 'skipped']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
