import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkerFiltersBar } from './worker-filters-bar.tsx';

const originalMatchMedia = window.matchMedia;

/** A screen narrower than Tailwind's `lg` (where the filters fold) or not. */
function setNarrow(narrow: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: narrow && query.includes('max-width: 1023.98px'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
}

afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

function renderBar(nationality = '') {
  render(
    <WorkerFiltersBar
      searchLabel="Search workers"
      searchText=""
      onSearchTextChange={vi.fn()}
      selects={[
        {
          label: 'Nationality',
          allLabel: 'All Nationalities',
          options: ['Indian', 'Thai'],
          value: nationality,
          onChange: vi.fn(),
        },
        { label: 'Status', allLabel: 'All Statuses', options: ['Working'], value: '', onChange: vi.fn() },
      ]}
      sort={{ value: 'newest', options: [{ value: 'newest', label: 'Newest first' }], onChange: vi.fn() }}
      filtersActive={nationality !== ''}
      onClear={vi.fn()}
    />,
  );
}

describe('WorkerFiltersBar', () => {
  it('on a narrow screen builds the filters only once Filters is pressed, and says how many are on', async () => {
    setNarrow(true);
    const user = userEvent.setup();
    renderBar('Thai');
    expect(screen.queryByLabelText('Nationality')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
    const filters = screen.getByRole('button', { name: 'Filters (1)' });
    expect(filters).toHaveAttribute('aria-expanded', 'false');

    await user.click(filters);
    expect(filters).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Nationality')).toHaveValue('Thai');
    expect(screen.getByLabelText('Status')).toBeInTheDocument();
    expect(screen.getByLabelText('Sort by')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeInTheDocument();

    await user.click(filters);
    expect(screen.queryByLabelText('Nationality')).toBeNull();
  });

  it('on a wide screen shows every filter at once', () => {
    setNarrow(false);
    renderBar();
    expect(screen.getByLabelText('Nationality')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toBeInTheDocument();
    expect(screen.getByLabelText('Sort by')).toBeInTheDocument();
  });
});
