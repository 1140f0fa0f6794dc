import { Link, useLocation } from 'react-router';
import { cn } from '@/components/ui/cn.ts';
import { RowActionIcon } from '@/components/ui/row-action-icon.tsx';
import { fromHere } from '@/lib/return-to.ts';

const iconAction =
  'inline-flex h-8 w-8 items-center justify-center rounded-lg transition-colors focus-visible:outline-2 focus-visible:outline-accent';

interface TrainingRecordActionsProps {
  id: string;
  /** Names the record for screen readers, e.g. "CSOC for Zaw Min". */
  name: string;
  onDelete(): void;
}

/** SPEC 2 Actions: view, edit and delete, named for the record they act on. */
export function TrainingRecordActions({ id, name, onDelete }: TrainingRecordActionsProps) {
  const location = useLocation();
  return (
    <div className="flex items-center justify-end gap-1">
      <Link
        to={`/training-records/view/${id}`}
        state={fromHere(location)}
        aria-label={`View ${name}`}
        title="View"
        className={cn(iconAction, 'text-ink-muted hover:bg-black/5 hover:text-accent')}
      >
        <RowActionIcon name="view" />
      </Link>
      <Link
        to={`/training-records/edit/${id}`}
        state={fromHere(location)}
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
