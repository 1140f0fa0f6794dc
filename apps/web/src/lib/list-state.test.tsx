import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { currentRow, pageOf, sortOf, useListState, withParams } from './list-state.ts';

describe('currentRow', () => {
  it("gives the list's current version of the picked row, or the row as picked once the list lost it", () => {
    const picked = { id: 'a', certificate: 'old.pdf' };
    expect(
      currentRow(
        [
          { id: 'b', certificate: 'b.pdf' },
          { id: 'a', certificate: 'new.png' },
        ],
        picked,
      ),
    ).toEqual({
      id: 'a',
      certificate: 'new.png',
    });
    expect(currentRow([{ id: 'b', certificate: 'b.pdf' }], picked)).toBe(picked);
    expect(currentRow(undefined, picked)).toBe(picked);
    expect(currentRow([{ id: 'a', certificate: 'new.png' }], null)).toBeNull();
  });
});

describe('address helpers', () => {
  it('reads the page as a whole number of at least 1', () => {
    expect(pageOf(new URLSearchParams('page=3'))).toBe(3);
    expect(pageOf(new URLSearchParams('page=0'))).toBe(1);
    expect(pageOf(new URLSearchParams('page=abc'))).toBe(1);
    expect(pageOf(new URLSearchParams(''))).toBe(1);
  });

  it('reads only known sort keys', () => {
    expect(sortOf(new URLSearchParams('sort=name&order=desc'), ['name'])).toEqual({ key: 'name', order: 'desc' });
    expect(sortOf(new URLSearchParams('sort=name'), ['name'])).toEqual({ key: 'name', order: 'asc' });
    expect(sortOf(new URLSearchParams('sort=drop table'), ['name'])).toBeNull();
  });

  it('leaves out empty values and page 1, keeping other parameters', () => {
    const next = withParams(new URLSearchParams('status=Working&q=ali&page=3'), {
      q: '',
      page: '1',
      nationality: 'Thai',
    });
    expect(next.toString()).toBe('status=Working&nationality=Thai');
  });
});

function ListProbe() {
  const list = useListState({ filters: ['nationality'], sorts: ['name'] });
  return (
    <div>
      <label>
        Search
        <input value={list.searchText} onChange={(event) => list.setSearchText(event.target.value)} />
      </label>
      <p>page {list.page}</p>
      <p>nationality {list.filters.nationality || 'all'}</p>
      <p>sort {list.sort ? `${list.sort.key} ${list.sort.order}` : 'none'}</p>
      <button type="button" onClick={() => list.setPage(list.page + 1)}>
        Next
      </button>
      <button type="button" onClick={() => list.setFilter('nationality', 'Thai')}>
        Thai
      </button>
      <button type="button" onClick={() => list.setSort({ key: 'name', order: 'desc' })}>
        Sort
      </button>
      <button type="button" onClick={list.clear}>
        Clear
      </button>
    </div>
  );
}

function renderList(initial: string) {
  const router = createMemoryRouter([{ path: '/list', element: <ListProbe /> }], { initialEntries: [initial] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useListState', () => {
  it('pushes a history entry per page, so Back after Next returns to the previous page', async () => {
    const user = userEvent.setup();
    const router = renderList('/list?status=Working');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('page 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=Working&page=3');
    await act(() => router.navigate(-1));
    expect(screen.getByText('page 2')).toBeInTheDocument();
  });

  it('a filter or a sort goes back to page 1; Clear keeps the sort and other parameters', async () => {
    const user = userEvent.setup();
    const router = renderList('/list?status=Working&page=4&q=ali');
    expect(screen.getByLabelText('Search')).toHaveValue('ali');
    await user.click(screen.getByRole('button', { name: 'Thai' }));
    expect(router.state.location.search).toBe('?status=Working&q=ali&nationality=Thai');
    await user.click(screen.getByRole('button', { name: 'Sort' }));
    expect(screen.getByText('sort name desc')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(router.state.location.search).toBe('?status=Working&sort=name&order=desc');
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });

  it('writes a settled search to the address, and Back puts the earlier search back in the box', async () => {
    const user = userEvent.setup();
    const router = renderList('/list?q=ali');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), 'ravi');
    await waitFor(() => expect(router.state.location.search).toBe('?q=ravi'));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?q=ali');
    expect(screen.getByLabelText('Search')).toHaveValue('ali');
  });
});
