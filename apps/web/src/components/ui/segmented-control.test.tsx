import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SegmentedControl } from './segmented-control.tsx';

type Period = 'day' | 'week' | 'month';
const OPTIONS = [
  { value: 'day', label: 'Day' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
] as const;

function Controlled({ onChange }: { onChange?: (value: Period) => void }) {
  const [value, setValue] = useState<Period>('week');
  return (
    <>
      <button type="button">Before</button>
      <SegmentedControl<Period>
        label="Period"
        options={OPTIONS}
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
    </>
  );
}

describe('SegmentedControl', () => {
  it('is a named radio group with the current value checked', () => {
    render(<Controlled />);
    const group = screen.getByRole('radiogroup', { name: 'Period' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Week' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Day' })).not.toBeChecked();
  });

  it('is one tab stop, and the arrow keys move the selection and report it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Week' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Month' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Month' })).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('month');

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Day' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith('day');

    // Past the first segment the selection wraps to the last one.
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Month' })).toBeChecked();

    await user.tab();
    expect(document.body).toHaveFocus();
  });

  it('selects a segment on click', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(screen.getByText('Day'));
    expect(screen.getByRole('radio', { name: 'Day' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Week' })).not.toBeChecked();
  });

  it('stays on the given value when the parent does not accept the change', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SegmentedControl<Period> label="Period" options={OPTIONS} value="day" onChange={onChange} />);
    await user.click(screen.getByRole('radio', { name: 'Month' }));
    expect(onChange).toHaveBeenCalledWith('month');
    expect(screen.getByRole('radio', { name: 'Day' })).toBeChecked();
  });

  it('can show its label as visible text that names the group', () => {
    render(<SegmentedControl<Period> label="Period" showLabel options={OPTIONS} value="day" onChange={() => {}} />);
    expect(screen.getByText('Period')).toBeVisible();
    expect(screen.getByRole('radiogroup', { name: 'Period' })).toBeInTheDocument();
  });
});
