import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './switch.tsx';

function Controlled({ disabled = false, onChange }: { disabled?: boolean; onChange?: (checked: boolean) => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <Switch
      label="E-mail notifications"
      description="Send a message when something changes"
      checked={checked}
      disabled={disabled}
      onCheckedChange={(next) => {
        setChecked(next);
        onChange?.(next);
      }}
    />
  );
}

describe('Switch', () => {
  it('is a switch named by its visible label and described by its description', () => {
    render(<Controlled />);
    const control = screen.getByRole('switch', { name: 'E-mail notifications' });
    expect(control).toHaveAccessibleDescription('Send a message when something changes');
    expect(control).not.toBeChecked();
    expect(screen.getByLabelText('E-mail notifications')).toBe(control);
  });

  it('toggles with Space from the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    await user.tab();
    const control = screen.getByRole('switch', { name: 'E-mail notifications' });
    expect(control).toHaveFocus();
    await user.keyboard(' ');
    expect(control).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(true);
    await user.keyboard(' ');
    expect(control).not.toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(false);
  });

  it('toggles when its label is clicked', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.click(screen.getByText('E-mail notifications'));
    expect(screen.getByRole('switch')).toBeChecked();
  });

  it('does not toggle while disabled', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Controlled disabled onChange={onChange} />);
    await user.click(screen.getByRole('switch'));
    expect(screen.getByRole('switch')).not.toBeChecked();
    expect(screen.getByRole('switch')).toBeDisabled();
    expect(onChange).not.toHaveBeenCalled();
  });
});
