import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CheckboxField } from './checkbox-field.tsx';

describe('CheckboxField', () => {
  it('is a native checkbox that its visible label toggles', async () => {
    const user = userEvent.setup();
    render(<CheckboxField label="Send a copy by e-mail" description="To the address on file" />);
    const checkbox = screen.getByRole('checkbox', { name: 'Send a copy by e-mail' });
    expect(checkbox).toHaveAccessibleDescription('To the address on file');
    expect(checkbox).not.toBeChecked();
    await user.click(screen.getByText('Send a copy by e-mail'));
    expect(checkbox).toBeChecked();
    await user.keyboard(' ');
    expect(checkbox).not.toBeChecked();
  });

  it('cannot be toggled while disabled', async () => {
    const user = userEvent.setup();
    render(<CheckboxField label="Locked" disabled />);
    await user.click(screen.getByLabelText('Locked'));
    expect(screen.getByLabelText('Locked')).not.toBeChecked();
  });
});
