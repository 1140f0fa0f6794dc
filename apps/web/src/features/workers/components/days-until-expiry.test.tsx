import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DaysUntilExpiry } from './days-until-expiry.tsx';

describe('DaysUntilExpiry', () => {
  it.each([0, 1, 29, 30])('shows %i days in red bold', (days) => {
    render(<DaysUntilExpiry days={days} />);
    const text = screen.getByText(new RegExp(`^${days} days?$`));
    expect(text).toHaveClass('text-danger', 'font-bold');
  });

  it.each([31, 60, 92])('shows %i days in the normal style', (days) => {
    render(<DaysUntilExpiry days={days} />);
    const text = screen.getByText(`${days} days`);
    expect(text).not.toHaveClass('text-danger');
    expect(text).not.toHaveClass('font-bold');
  });

  it.each([
    [-1, 'expired 1 day ago'],
    [-3, 'expired 3 days ago'],
  ])('shows %i as %s in red bold (decision 024)', (days, text) => {
    render(<DaysUntilExpiry days={days} />);
    expect(screen.getByText(text)).toHaveClass('text-danger', 'font-bold');
  });

  it('says day for one day', () => {
    render(<DaysUntilExpiry days={1} />);
    expect(screen.getByText('1 day')).toBeInTheDocument();
  });
});
