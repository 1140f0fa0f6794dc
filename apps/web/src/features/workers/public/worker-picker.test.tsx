import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { WorkerLookupItem } from '@td/shared/schemas/worker';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PickedWorker, WorkerPicker, type WorkerPickerProps } from './worker-picker.tsx';

const worker = (n: number, first: string, last: string): WorkerLookupItem => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  worker_id: `TD-${1000 + n}`,
  first_name: first,
  last_name: last,
  rate_type: 'Daily',
  salary_rate: 95.5,
  fin_no: `G${n}X`,
  wp_no: null,
  email: null,
});

/** 45 workers: three pages of 20 for an empty query. */
const WORKERS = [
  worker(1, 'Ali', 'Rahman'),
  worker(2, 'Ravi', 'Kumar'),
  worker(3, 'Kumar', 'Selvam'),
  ...Array.from({ length: 42 }, (_, i) => worker(10 + i, 'Zaw', `Worker ${String(i).padStart(2, '0')}`)),
];

const lookupRequests: URL[] = [];

/** A stand-in for the server: the lookup's matching and paging, and reading one worker by id. */
function fakeServer(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const json = (body: unknown, status = 200) =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  if (url.pathname === '/api/workers/lookup') {
    lookupRequests.push(url);
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const page = Number(url.searchParams.get('page') ?? 1);
    const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
    const matches = WORKERS.filter(
      (w) => `${w.first_name} ${w.last_name}`.toLowerCase().includes(q) || w.worker_id.toLowerCase().includes(q),
    );
    return json({ items: matches.slice((page - 1) * pageSize, page * pageSize), total: matches.length });
  }
  const one = WORKERS.find((w) => url.pathname === `/api/workers/${w.id}`);
  if (one) return json({ ...one, created_at: '2025-01-01T00:00:00.000Z' });
  return json({ error: { code: 'NOT_FOUND', message: 'Worker not found' } }, 404);
}

beforeEach(() => {
  lookupRequests.length = 0;
  vi.stubGlobal('fetch', vi.fn(fakeServer));
});
afterEach(() => vi.unstubAllGlobals());

function Harness(props: Partial<WorkerPickerProps> & { onPicked?: (worker: PickedWorker | null) => void }) {
  const [value, setValue] = useState<string | null>(props.value ?? null);
  return (
    <WorkerPicker
      label="Worker"
      {...props}
      value={value}
      onChange={(picked) => {
        setValue(picked?.id ?? null);
        props.onPicked?.(picked);
      }}
    />
  );
}

function renderPicker(props: Parameters<typeof Harness>[0] = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
}

describe('WorkerPicker', () => {
  it('is a combobox named by its label that searches only once it is used', async () => {
    renderPicker({ required: true, hint: 'Who worked' });
    const input = screen.getByRole('combobox', { name: 'Worker' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription('Who worked');
    expect(lookupRequests).toHaveLength(0);
  });

  it('searches as you type and chooses with the arrow keys and Enter', async () => {
    const user = userEvent.setup();
    const onPicked = vi.fn();
    renderPicker({ onPicked });
    const input = screen.getByRole('combobox', { name: 'Worker' });
    await user.type(input, 'kumar');
    const listbox = screen.getByRole('listbox');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(listbox).toHaveAccessibleName('Worker');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Ravi Kumar TD-1002',
      'Kumar Selvam TD-1003',
    ]);
    // Typing pauses are debounced: "kumar" is asked for, not every prefix of it.
    expect(lookupRequests.at(-1)?.searchParams.get('q')).toBe('kumar');
    expect(lookupRequests.some((url) => url.searchParams.get('q') === 'ku')).toBe(false);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1]?.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onPicked).toHaveBeenLastCalledWith(expect.objectContaining({ first_name: 'Ravi', last_name: 'Kumar' }));
    expect(onPicked.mock.lastCall?.[0]).toMatchObject({ worker_id: 'TD-1002', rate_type: 'Daily', salary_rate: 95.5 });
    expect(input).toHaveValue('Ravi Kumar (TD-1002)');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers no earlier results while the typed search is under way, so a quick Enter picks nobody', async () => {
    const user = userEvent.setup();
    const onPicked = vi.fn();
    renderPicker({ onPicked });
    const input = screen.getByRole('combobox', { name: 'Worker' });
    await user.click(input);
    // The whole list is on screen, Ravi Kumar among it.
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(20));
    await user.type(input, 'selvam');
    // Before the pause ends and the search answers, ArrowDown and Enter find nothing to choose.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onPicked).not.toHaveBeenCalled();
    expect(input).toHaveValue('selvam');
    // The answer, once the list is open again, is the one to choose from.
    if (input.getAttribute('aria-expanded') !== 'true') await user.click(input);
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Kumar Selvam TD-1003']),
    );
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onPicked).toHaveBeenLastCalledWith(expect.objectContaining({ worker_id: 'TD-1003' }));
  });

  it('finds a worker by TD- id and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderPicker();
    const input = screen.getByRole('combobox', { name: 'Worker' });
    await user.type(input, 'td-1001');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Ali Rahman TD-1001']),
    );
    await user.clear(input);
    await user.type(input, 'nobody');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('No workers found'));
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('loads the next page when the arrow keys reach the end of the list', async () => {
    const user = userEvent.setup();
    renderPicker();
    const input = screen.getByRole('combobox', { name: 'Worker' });
    await user.click(input);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(20));
    expect(screen.getByRole('status')).toHaveTextContent('20 of 45 shown. Type to narrow.');
    await user.keyboard('{ArrowUp}'); // wraps to the last option: the end of what is loaded
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(40));
    expect(lookupRequests.at(-1)?.searchParams.get('page')).toBe('2');
  });

  it('shows the worker of a record being edited, given or read by id, and can be cleared', async () => {
    const user = userEvent.setup();
    const onPicked = vi.fn();
    const ravi = WORKERS[1] as WorkerLookupItem;
    const { unmount } = renderPicker({
      value: ravi.id,
      initialWorker: { id: ravi.id, worker_id: 'TD-1002', first_name: 'Ravi', last_name: 'Kumar' },
      onPicked,
    });
    expect(screen.getByRole('combobox', { name: 'Worker' })).toHaveValue('Ravi Kumar (TD-1002)');
    await user.click(screen.getByRole('button', { name: 'Clear Worker' }));
    expect(onPicked).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('combobox', { name: 'Worker' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Worker' })).toHaveFocus();
    unmount();

    renderPicker({ value: (WORKERS[0] as WorkerLookupItem).id });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Worker' })).toHaveValue('Ali Rahman (TD-1001)'));
  });

  it('puts the chosen name back after half-typed text, and an emptied field chooses nobody', async () => {
    const user = userEvent.setup();
    const onPicked = vi.fn();
    renderPicker({ onPicked });
    const input = screen.getByRole('combobox', { name: 'Worker' });
    await user.type(input, 'ali');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await user.click(screen.getByRole('option', { name: /Ali Rahman/ }));
    expect(input).toHaveValue('Ali Rahman (TD-1001)');
    await user.clear(input);
    await user.type(input, 'zz');
    await user.tab();
    expect(input).toHaveValue('Ali Rahman (TD-1001)');
    expect(onPicked).toHaveBeenCalledTimes(1);
    await user.clear(input);
    await user.tab();
    expect(input).toHaveValue('');
    expect(onPicked).toHaveBeenLastCalledWith(null);
  });

  it('marks the field invalid and describes it with the error', () => {
    renderPicker({ error: 'Worker is required' });
    const input = screen.getByRole('combobox', { name: 'Worker' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Worker is required');
  });

  it('says when the search failed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ error: { code: 'X', message: 'Database unavailable' } }), { status: 500 }),
        ),
      ),
    );
    const user = userEvent.setup();
    renderPicker();
    await user.click(screen.getByRole('combobox', { name: 'Worker' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Database unavailable'));
    await act(async () => undefined);
  });
});
