import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SearchField } from './search-field.tsx';
import { TextField } from './text-field.tsx';
import { TextAreaField } from './textarea-field.tsx';

describe('TextField', () => {
  it('ties its visible label to the input and describes it with the hint', () => {
    render(<TextField label="Full name" hint="As on the passport" />);
    const input = screen.getByLabelText('Full name');
    expect(input.tagName).toBe('INPUT');
    expect(input).toHaveAccessibleDescription('As on the passport');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows the error instead of the hint and marks the input invalid', () => {
    render(<TextField label="Full name" hint="As on the passport" error="Name is required" required />);
    const input = screen.getByRole('textbox', { name: /Full name/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Name is required');
    expect(screen.queryByText('As on the passport')).not.toBeInTheDocument();
    expect(input).toBeRequired();
  });
});

describe('TextAreaField', () => {
  it('is a labelled textarea that accepts typing and reports errors', async () => {
    const user = userEvent.setup();
    render(<TextAreaField label="Remarks" error="Too long" />);
    const textarea = screen.getByLabelText('Remarks');
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea).toBeInvalid();
    expect(textarea).toHaveAccessibleDescription('Too long');
    await user.type(textarea, 'Line one{enter}Line two');
    expect(textarea).toHaveValue('Line one\nLine two');
  });
});

describe('SearchField', () => {
  it('is a labelled search box', async () => {
    const user = userEvent.setup();
    render(<SearchField label="Search" placeholder="Name or ID" />);
    const input = screen.getByRole('searchbox', { name: 'Search' });
    expect(input).toHaveAttribute('type', 'search');
    await user.type(input, 'Tan');
    expect(input).toHaveValue('Tan');
  });
});
