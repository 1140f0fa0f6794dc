import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from './badge.tsx';
import { Button } from './button.tsx';
import { DetailList } from './detail-list.tsx';
import { EmptyState } from './empty-state.tsx';
import { PageHeader } from './page-header.tsx';

describe('PageHeader', () => {
  it("renders the page's h1, description and actions", () => {
    render(<PageHeader title="Reports" description="Monthly figures" actions={<Button>Export</Button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(screen.getByText('Monthly figures')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });
});

describe('EmptyState', () => {
  it('shows a heading, the description and the action', () => {
    render(<EmptyState title="Nothing here" description="Add the first one." action={<Button>Add</Button>} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Nothing here' })).toBeInTheDocument();
    expect(screen.getByText('Add the first one.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });
});

describe('DetailList', () => {
  it('pairs each label with its value in a description list, with a fallback for blanks', () => {
    render(
      <DetailList
        items={[
          { label: 'Name', value: 'Ann Tan' },
          { label: 'Phone', value: '' },
          { label: 'Count', value: 0 },
        ]}
        fallback="N/A"
      />,
    );
    const terms = screen.getAllByRole('term');
    const definitions = screen.getAllByRole('definition');
    expect(terms.map((term) => term.textContent)).toEqual(['Name', 'Phone', 'Count']);
    expect(definitions.map((definition) => definition.textContent)).toEqual(['Ann Tan', 'N/A', '0']);
  });
});

describe('Badge', () => {
  it('renders its text, with a decorative dot hidden from screen readers', () => {
    render(
      <Badge tone="green" dot>
        Approved
      </Badge>,
    );
    const badge = screen.getByText('Approved');
    expect(badge).toBeInTheDocument();
    expect(within(badge).queryAllByText('', { selector: '[aria-hidden="true"]' })).toHaveLength(1);
  });
});
