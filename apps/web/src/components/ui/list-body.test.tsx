import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { ListBody } from './list-body.tsx';

const query = (state: Partial<{ isPending: boolean; isError: boolean; error: Error | null; isFetching: boolean }>) => ({
  isPending: false,
  isError: false,
  error: null,
  isFetching: false,
  refetch: vi.fn(),
  ...state,
});

const body = (q: ReturnType<typeof query>, isEmpty = false, loading?: boolean) =>
  render(
    <ListBody query={q} what="workers" isEmpty={isEmpty} empty={<p>No workers found.</p>} loading={loading}>
      <table aria-label="Workers" />
    </ListBody>,
  );

describe('ListBody', () => {
  it('shows a spinner until the first answer', () => {
    body(query({ isPending: true, isFetching: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading workers');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the load error with Retry, which fetches again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const q = query({ isError: true, error: new ApiError(503, 'The database is busy', 'UNAVAILABLE') });
    body(q);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load workers');
    expect(screen.getByRole('alert')).toHaveTextContent('The database is busy');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state when the answer has no rows, else the rows; busy while fetching', () => {
    const { unmount } = body(query({ isFetching: true }), true);
    expect(screen.getByText('No workers found.').parentElement).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('table')).toBeNull();
    unmount();
    body(query({}));
    expect(screen.getByRole('table', { name: 'Workers' }).parentElement).not.toHaveAttribute('aria-busy');
  });

  it('waits for a deferred copy of the answer when told to', () => {
    body(query({}), false, true);
    expect(screen.getByRole('status')).toHaveTextContent('Loading workers');
  });
});
