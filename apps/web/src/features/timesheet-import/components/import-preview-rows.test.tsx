import type { ImportRow } from '@td/shared/schemas/timesheet-import';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImportPreviewRows } from './import-preview-rows.tsx';

const newRow = (line: number): ImportRow => ({
  line,
  outcome: 'new',
  worker_id: 'w1',
  worker_name: 'Ravi Kumar',
  work_date: '2008-03-03',
  time_in: '08:00',
  time_out: '19:00',
  hours_worked: 8,
  overtime_hours: 2,
});
const ROWS: ImportRow[] = [
  ...Array.from({ length: 60 }, (_, i) => newRow(i + 2)),
  { line: 62, outcome: 'error', message: 'Unknown worker: no worker has this FIN, TD- id or name' },
  { ...newRow(63), outcome: 'conflict', message: 'A different timesheet exists', timesheet_id: 't1' },
];

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Preview rows' }))
    .getAllByRole('row')
    .slice(1);

describe('the import preview rows (decision 091)', () => {
  it('shows the errors and conflicts first, resolves a conflict, and every row with its hours on request', async () => {
    const onResolve = vi.fn();
    render(<ImportPreviewRows rows={ROWS} onResolve={onResolve} />);
    expect(screen.getByLabelText('Show rows')).toHaveValue('attention');
    expect(bodyRows()).toHaveLength(2);
    expect(screen.getByRole('cell', { name: 'Unknown worker: no worker has this FIN, TD- id or name' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Replace with line 63' }));
    expect(onResolve).toHaveBeenCalledWith(expect.objectContaining({ line: 63 }), 'replace');

    await userEvent.selectOptions(screen.getByLabelText('Show rows'), 'all');
    // 62 rows: a page of 50, then 12.
    expect(bodyRows()).toHaveLength(50);
    const [first] = bodyRows();
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', 'Ravi Kumar', 'New', '2008-03-03', '08:00', '19:00', '8.00', '2.00', '']);
    // No conflict on this page: no Actions column.
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(bodyRows()).toHaveLength(12);

    await userEvent.selectOptions(screen.getByLabelText('Show rows'), 'duplicate');
    expect(screen.getByText('No rows with this outcome.')).toBeVisible();
  });

  it('shows every row at first when none needs attention', () => {
    render(<ImportPreviewRows rows={ROWS.slice(0, 3)} onResolve={() => undefined} />);
    expect(screen.getByLabelText('Show rows')).toHaveValue('all');
    expect(bodyRows()).toHaveLength(3);
  });

  it('shows one card a row on a phone, with the line, worker, day and reason', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    try {
      const onResolve = vi.fn();
      render(<ImportPreviewRows rows={ROWS} onResolve={onResolve} />);
      const cards = within(screen.getByRole('list', { name: 'Preview rows' })).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      expect(cards[0]).toHaveTextContent('Line 62');
      expect(cards[0]).toHaveTextContent('Unknown worker: no worker has this FIN, TD- id or name');
      expect(cards[1]).toHaveTextContent('Line 63 · Ravi Kumar');
      expect(cards[1]).toHaveTextContent('2008-03-03 · 08:00 to 19:00');
      await userEvent.click(within(cards[1] as HTMLElement).getByRole('button', { name: 'Keep existing for line 63' }));
      expect(onResolve).toHaveBeenCalledWith(expect.objectContaining({ line: 63 }), 'keep');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
