import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

interface NoMatchesProps {
  /** "No timesheets match your search." */
  title: string;
  /** What to try instead. */
  description: ReactNode;
  /** Offers Clear Filters when given. */
  onClear?: () => void;
}

/** Every list's empty state when a search or filter, not the data, left it empty (CONVENTIONS 14). */
export function NoMatches({ title, description, onClear }: NoMatchesProps) {
  return (
    <EmptyState
      className="rounded-2xl border border-line bg-surface"
      icon={<SearchX />}
      title={title}
      description={description}
      action={
        onClear && (
          <Button variant="secondary" onClick={onClear}>
            Clear Filters
          </Button>
        )
      }
    />
  );
}
