import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination, rangeText, Table, TBody, TD, TH, THead, TR } from './table.tsx';

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
