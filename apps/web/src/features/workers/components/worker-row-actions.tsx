import { Eye, Pencil, Trash2 } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { cn } from '@/components/ui/cn.ts';
import { fromHere } from '@/lib/return-to.ts';

const iconAction =
  'inline-flex h-8 w-8 items-center justify-center rounded-lg transition-colors focus-visible:outline-2 focus-visible:outline-accent';

interface WorkerRowActionsProps {
  id: string;
  name: string;
  onDelete(): void;
  /** Icons in a table row; labelled buttons with larger targets on a card (phone). */
  layout?: 'table' | 'card';
}

/**
 * SPEC 2 table actions: view, edit and delete, named for the worker they act on. View and Edit carry
 * where they were opened from, so saving or going back returns to this page of the list (issue 8 item 6).
 */
export function WorkerRowActions({ id, name, onDelete, layout = 'table' }: WorkerRowActionsProps) {
  const location = useLocation();
  const state = fromHere(location);
  if (layout === 'card') {
    return (
      <div className="flex flex-wrap justify-end gap-2">
        <Link
          to={`/worker/view/${id}`}
          state={state}
          aria-label={`View ${name}`}
          className={buttonClasses('secondary', 'sm')}
        >
          <Eye aria-hidden="true" className="h-4 w-4" />
          View
        </Link>
        <Link
          to={`/worker/edit/${id}`}
          state={state}
          aria-label={`Edit ${name}`}
          className={buttonClasses('secondary', 'sm')}
        >
          <Pencil aria-hidden="true" className="h-4 w-4" />
          Edit
        </Link>
        <button
          type="button"
          aria-label={`Delete ${name}`}
          onClick={onDelete}
          className={buttonClasses('secondary', 'sm', 'text-danger hover:bg-red-50')}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          Delete
        </button>
      </div>
    );
  }
  return (
    <div className="flex items-center justify-end gap-1">
      <Link
        to={`/worker/view/${id}`}
        state={state}
        aria-label={`View ${name}`}
        title="View"
        className={cn(iconAction, 'text-ink-muted hover:bg-black/5 hover:text-accent')}
      >
        <Eye aria-hidden="true" className="h-4 w-4" />
      </Link>
      <Link
        to={`/worker/edit/${id}`}
        state={state}
        aria-label={`Edit ${name}`}
        title="Edit"
        className={cn(iconAction, 'text-ink-muted hover:bg-black/5 hover:text-accent')}
      >
        <Pencil aria-hidden="true" className="h-4 w-4" />
      </Link>
      <button
        type="button"
        aria-label={`Delete ${name}`}
        title="Delete"
        onClick={onDelete}
        className={cn(iconAction, 'text-ink-muted hover:bg-red-50 hover:text-danger')}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}
