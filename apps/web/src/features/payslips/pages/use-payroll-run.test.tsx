import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PayrollRunResult } from '@td/shared/schemas/payslip';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYROLL_RUN_CHUNK, usePayrollRun } from './use-payroll-run.ts';

const PERIOD = { pay_period_start: '2025-03-01', pay_period_end: '2025-03-31' };
const SKIPPED = { worker_id: 'w599', worker_name: 'Ali Tan', reason: 'No timesheets', payslip_id: null, status: null };
const ids = (count: number) => Array.from({ length: count }, (_, i) => `w${i}`);

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

/** The bodies the hook sent, in order. */
const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    method: init?.method,
    body: JSON.parse(String(init?.body)) as { worker_ids: string[] } & typeof PERIOD,
  }));

const answer = (result: Partial<PayrollRunResult>, status = 200) =>
  new Response(
    JSON.stringify(
      status === 200
        ? { ...PERIOD, generated: 0, payslip_ids: [], nett_salary: 0, skipped: [], ...result }
        : { error: { code: 'INTERNAL', message: 'The database is busy' } },
    ),
    { status },
  );

function setup() {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { ...renderHook(() => usePayrollRun(), { wrapper }), invalidate };
}

describe('usePayrollRun', () => {
  it('sends the chosen workers in chunks of 250, one after the other, and sums the nett in cents', async () => {
    const nett = [0.1, 0.2, 0.4];
    fetchMock.mockImplementation(async () => {
      const call = fetchMock.mock.calls.length - 1;
      return answer({
        generated: call === 2 ? 99 : PAYROLL_RUN_CHUNK,
        nett_salary: nett[call] ?? 0,
        skipped: call === 2 ? [SKIPPED] : [],
      });
    });
    const { result, invalidate } = setup();

    let summary: Awaited<ReturnType<typeof result.current.start>> | undefined;
    await act(async () => {
      summary = await result.current.start(PERIOD, ids(600));
    });

    // The requests the benchmark measures as "the payroll run as the screen runs it".
    expect(sent()).toEqual([
      { url: '/api/payroll-runs', method: 'POST', body: { ...PERIOD, worker_ids: ids(250) } },
      { url: '/api/payroll-runs', method: 'POST', body: { ...PERIOD, worker_ids: ids(500).slice(250) } },
      { url: '/api/payroll-runs', method: 'POST', body: { ...PERIOD, worker_ids: ids(600).slice(500) } },
    ]);
    // 0.1 + 0.2 + 0.4 in float dollars is 0.7000000000000001.
    expect(summary).toEqual({
      generated: 599,
      nett: 0.7,
      skipped: [SKIPPED],
      error: null,
    });
    expect(result.current.summary).toEqual(summary);
    expect(result.current.running).toBe(false);
    expect(result.current.progress).toEqual({ done: 600, total: 600 });
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('stops at a failed chunk, keeping what was generated before it', async () => {
    fetchMock
      .mockResolvedValueOnce(answer({ generated: 250, nett_salary: 1000 }))
      .mockResolvedValueOnce(answer({}, 500));
    const { result } = setup();

    await act(async () => {
      await result.current.start(PERIOD, ids(700));
    });

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(result.current.summary).toEqual({
      generated: 250,
      nett: 1000,
      skipped: [],
      error: 'The database is busy',
    });
    expect(result.current.progress).toEqual({ done: 250, total: 700 });
  });

  it('is running between start and the last answer, the bar moving after each chunk; reset forgets the run', async () => {
    const pending: Array<(response: Response) => void> = [];
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => pending.push(resolve)));
    const { result } = setup();
    expect(result.current.running).toBe(false);

    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = result.current.start(PERIOD, ids(300));
    });
    expect(result.current.running).toBe(true);
    expect(result.current.progress).toEqual({ done: 0, total: 300 });

    await act(async () => pending[0]?.(answer({ generated: 250, nett_salary: 30 })));
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    expect(result.current.progress).toEqual({ done: 250, total: 300 });
    expect(result.current.running).toBe(true);

    await act(async () => {
      pending[1]?.(answer({ generated: 50, nett_salary: 6 }));
      await done;
    });
    expect(result.current.running).toBe(false);
    expect(result.current.progress).toEqual({ done: 300, total: 300 });
    expect(result.current.summary?.nett).toBe(36);

    act(() => result.current.reset());
    expect(result.current.progress).toBeNull();
    expect(result.current.summary).toBeNull();
  });
});
