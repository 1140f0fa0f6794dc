import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  CARD_LAYOUT_QUERY,
  type DataColumn,
  DataTable,
  Pagination,
  rangeText,
  Table,
  TBody,
  TD,
  TH,
  THead,
  TR,
} from './table.tsx';

describe('Table', () => {
  it('is a table named by its caption, with column headers', () => {
    render(
      <Table caption="People">
        <THead>
          <TR>
            <TH>Name</TH>
            <TH>Age</TH>
          </TR>
        </THead>
        <TBody>
          <TR>
            <TD>Ann</TD>
            <TD>31</TD>
          </TR>
        </TBody>
      </Table>,
    );
    const table = screen.getByRole('table', { name: 'People' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Age']);
    expect(headers[0]).toHaveAttribute('scope', 'col');
    expect(within(table).getByRole('cell', { name: 'Ann' })).toBeInTheDocument();
  });
});

describe('rangeText', () => {
  it.each([
    [1, 25, 240, 'Showing 1–25 of 240'],
    [2, 25, 240, 'Showing 26–50 of 240'],
    [10, 25, 240, 'Showing 226–240 of 240'],
    [1, 25, 7, 'Showing 1–7 of 7'],
    [1, 25, 0, 'Showing 0 of 0'],
    [3, 50, 12000, 'Showing 101–150 of 12,000'],
  ])('page %i of size %i with %i rows reads %s', (page, pageSize, total, expected) => {
    expect(rangeText(page, pageSize, total)).toBe(expected);
  });
});

describe('Pagination', () => {
  it('on page 1 shows the range, disables Previous and moves to page 2 with Next', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination page={1} pageSize={25} total={240} onPageChange={onPageChange} label="Results pages" />);
    const nav = screen.getByRole('navigation', { name: 'Results pages' });
    expect(nav).toHaveTextContent('Showing 1–25 of 240');
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('on the last page disables Next and goes back with Previous', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination page={10} pageSize={25} total={240} onPageChange={onPageChange} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Showing 226–240 of 240');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenCalledWith(9);
  });

  it('with no rows disables both buttons', () => {
    render(<Pagination page={1} pageSize={25} total={0} onPageChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});

describe('DataTable', () => {
  interface Person {
    id: string;
    name: string;
    code: string;
    team: string;
  }
  const people: Person[] = [
    { id: '1', name: 'Ann Lim', code: 'TD-1001', team: 'Blue' },
    { id: '2', name: 'Bala Raj', code: 'TD-1002', team: 'Red' },
  ];
  const columns: DataColumn<Person>[] = [
    { id: 'name', header: 'Name', cell: (p) => p.name, card: 'title', sortKey: 'name' },
    { id: 'code', header: 'Code', cell: (p) => p.code, card: 'subtitle' },
    { id: 'team', header: 'Team', cell: (p) => p.team },
  ];
  const actions = (p: Person) => (
    <button type="button" aria-label={`Edit ${p.name}`}>
      Edit
    </button>
  );

  function setWidth(narrow: boolean) {
    window.matchMedia = ((query: string) => ({
      matches: narrow && query === CARD_LAYOUT_QUERY,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
  }

  it('is a table with sortable headers from the breakpoint up', async () => {
    setWidth(false);
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    render(
      <DataTable
        caption="People"
        columns={columns}
        rows={people}
        rowKey={(p) => p.id}
        actions={actions}
        sort={{ key: 'name', order: 'asc' }}
        onSortChange={onSortChange}
      />,
    );
    const table = screen.getByRole('table', { name: 'People' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Code', 'Team', 'Actions']);
    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(table).getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenCalledWith({ key: 'name', order: 'desc' });
    expect(within(table).getByRole('row', { name: /Bala Raj/ })).toBeInTheDocument();
  });

  it('below the breakpoint shows one card per row with its key fields and actions', () => {
    setWidth(true);
    render(<DataTable caption="People" columns={columns} rows={people} rowKey={(p) => p.id} actions={actions} busy />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[1]).toHaveTextContent('Bala Raj');
    expect(cards[1]).toHaveTextContent('TD-1002');
    expect(within(cards[1] as HTMLElement).getByText('Team').nextSibling).toHaveTextContent('Red');
    expect(within(cards[1] as HTMLElement).getByRole('button', { name: 'Edit Bala Raj' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Updating results...');
  });
});
