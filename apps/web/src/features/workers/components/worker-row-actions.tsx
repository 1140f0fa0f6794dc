import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { cn } from '@/components/ui/cn.ts';
import { RowActionIcon } from '@/components/ui/row-action-icon.tsx';
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
          <RowActionIcon name="view" />
          View
        </Link>
        <Link
          to={`/worker/edit/${id}`}
          state={state}
          aria-label={`Edit ${name}`}
          className={buttonClasses('secondary', 'sm')}
        >
          <RowActionIcon name="edit" />
          Edit
        </Link>
        <button
          type="button"
          aria-label={`Delete ${name}`}
          onClick={onDelete}
          className={buttonClasses('secondary', 'sm', 'text-danger hover:bg-red-50')}
        >
          <RowActionIcon name="delete" />
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
        <RowActionIcon name="view" />
      </Link>
      <Link
        to={`/worker/edit/${id}`}
        state={state}
        aria-label={`Edit ${name}`}
        title="Edit"
        className={cn(iconAction, 'text-ink-muted hover:bg-black/5 hover:text-accent')}
      >
        <RowActionIcon name="edit" />
      </Link>
      <button
        type="button"
        aria-label={`Delete ${name}`}
        title="Delete"
        onClick={onDelete}
        className={cn(iconAction, 'text-ink-muted hover:bg-red-50 hover:text-danger')}
      >
        <RowActionIcon name="delete" />
      </button>
    </div>
  );
}
