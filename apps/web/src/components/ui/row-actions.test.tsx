import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Wallet } from 'lucide-react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RowActions } from './row-actions.tsx';

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname} from ${(location.state as { from?: string } | null)?.from}`}</p>;
}

const renderAt = (ui: React.ReactNode) =>
  render(
    <MemoryRouter initialEntries={['/worker-management?page=2']}>
      <Routes>
        <Route path="/worker-management" element={ui} />
        <Route path="*" element={<WhereAmI />} />
      </Routes>
    </MemoryRouter>,
  );

describe('RowActions', () => {
  it('in a table row: icon links and a button named for the record, with tooltips', async () => {
    const onDelete = vi.fn();
    const { container } = renderAt(
      <RowActions subject="Ravi Kumar" viewTo="/worker/view/1" editTo="/worker/edit/1" onDelete={onDelete} />,
    );
    const view = screen.getByRole('link', { name: 'View Ravi Kumar' });
    expect(view).toHaveAttribute('href', '/worker/view/1');
    expect(view).toHaveAttribute('title', 'View');
    expect(view).toHaveTextContent('');
    expect(screen.getByRole('link', { name: 'Edit Ravi Kumar' })).toHaveAttribute('href', '/worker/edit/1');
    // Lucide's own drawing in each control, hidden from assistive technology: the control has the name.
    const icons = container.querySelectorAll('svg');
    expect(icons).toHaveLength(3);
    for (const icon of icons) {
      expect(icon).toHaveAttribute('aria-hidden', 'true');
      expect(icon.querySelector('use')).toBeNull();
    }

    await userEvent.click(screen.getByRole('button', { name: 'Delete Ravi Kumar' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('View and Edit carry where they were opened from (decision 022)', async () => {
    renderAt(<RowActions subject="Ravi Kumar" viewTo="/worker/view/1" editTo="/worker/edit/1" />);
    await userEvent.click(screen.getByRole('link', { name: 'Edit Ravi Kumar' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/worker/edit/1 from /worker-management?page=2');
  });

  it('on a card: labelled buttons, and a row’s own actions first', () => {
    const onMarkPaid = vi.fn();
    renderAt(
      <RowActions
        layout="card"
        subject="payslip of Ali"
        viewTo="/payslip/view/1"
        onDelete={() => undefined}
        before={[
          {
            label: 'Mark payslip of Ali as paid',
            text: 'Mark as Paid',
            icon: Wallet,
            tone: 'info',
            onClick: onMarkPaid,
          },
        ]}
      />,
    );
    const names = [...document.querySelectorAll('a, button')].map((control) => [
      control.getAttribute('aria-label'),
      control.textContent,
      control.getAttribute('title'),
    ]);
    expect(names).toEqual([
      ['Mark payslip of Ali as paid', 'Mark as Paid', null],
      ['View payslip of Ali', 'View', null],
      ['Delete payslip of Ali', 'Delete', null],
    ]);
  });

  it('offers no Edit or Delete it was not given', () => {
    renderAt(<RowActions subject="payslip of Ali" viewTo="/payslip/view/1" />);
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a locked record shows Edit and Delete disabled, saying why', () => {
    renderAt(
      <div data-testid="actions">
        <RowActions
          subject="charge of Ali on 1/3/2025"
          viewTo="/admin-charge/view/1"
          editTo="/admin-charge/edit/1"
          onDelete={() => undefined}
          locked={{ note: 'deducted', explanation: 'Deducted in a paid payslip.' }}
        />
      </div>,
    );
    const actions = within(screen.getByTestId('actions'));
    expect(actions.getByRole('link', { name: 'View charge of Ali on 1/3/2025' })).toBeInTheDocument();
    for (const name of ['Edit', 'Delete']) {
      const control = actions.getByRole('button', {
        name: `${name} charge of Ali on 1/3/2025 (not possible: deducted)`,
      });
      expect(control).toBeDisabled();
      expect(control).toHaveAttribute('title', 'Deducted in a paid payslip.');
    }
    expect(actions.queryByRole('link', { name: /^Edit/ })).toBeNull();
  });
});
