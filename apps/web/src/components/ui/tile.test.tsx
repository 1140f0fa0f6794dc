import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SummaryTile } from './tile.tsx';

describe('SummaryTile', () => {
  it('with `to` is one link named by its label, value and description', () => {
    render(
      <MemoryRouter>
        <SummaryTile label="Active" value={42} to="/items?state=active" description="In use today" />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Active 42 In use today' });
    expect(link).toHaveAttribute('href', '/items?state=active');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('with onClick is a button named by its label and value', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<SummaryTile label="Pending" value="7" onClick={onClick} />);
    await user.click(screen.getByRole('button', { name: 'Pending 7' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('without `to` or onClick is plain content', () => {
    render(<SummaryTile label="Total" value={1200} />);
    expect(screen.getByText('Total')).toBeInTheDocument();
    expect(screen.getByText('1200')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
