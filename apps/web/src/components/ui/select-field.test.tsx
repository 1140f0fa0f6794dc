import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { SelectField } from './select-field.tsx';

const OPTIONS = ['Alpha', { value: 'b', label: 'Bravo' }] as const;

describe('SelectField', () => {
  it('is a native select tied to its label, with string and object options and a placeholder', () => {
    render(<SelectField label="Category" options={OPTIONS} placeholder="Choose one" />);
    const select = screen.getByLabelText('Category');
    expect(select.tagName).toBe('SELECT');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', 'Choose one'],
      ['Alpha', 'Alpha'],
      ['b', 'Bravo'],
    ]);
    expect(select).toHaveValue('');
  });

  it('marks the select invalid and describes it with the error', () => {
    render(<SelectField label="Category" options={OPTIONS} error="Choose a category" hint="Used for reports" />);
    const select = screen.getByRole('combobox', { name: 'Category' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choose a category');
    expect(screen.queryByText('Used for reports')).not.toBeInTheDocument();
  });

  it('is not invalid without an error, and the hint describes it', () => {
    render(<SelectField label="Category" options={OPTIONS} hint="Used for reports" />);
    const select = screen.getByRole('combobox', { name: 'Category' });
    expect(select).not.toHaveAttribute('aria-invalid');
    expect(select).toHaveAccessibleDescription('Used for reports');
  });

  it('reports the chosen value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SelectField label="Category" options={OPTIONS} onChange={(event) => onChange(event.target.value)} />);
    await user.selectOptions(screen.getByLabelText('Category'), 'Bravo');
    expect(onChange).toHaveBeenCalledWith('b');
  });

  it("works with react-hook-form's register through the ref prop", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    function Form() {
      const form = useForm<{ category: string }>({ defaultValues: { category: 'b' } });
      return (
        <form onSubmit={form.handleSubmit((values) => onSubmit(values))}>
          <SelectField label="Category" options={OPTIONS} placeholder="Choose one" {...form.register('category')} />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Form />);
    expect(screen.getByLabelText('Category')).toHaveValue('b');
    await user.selectOptions(screen.getByLabelText('Category'), 'Alpha');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ category: 'Alpha' });
  });
});
