import { Link, useLocation } from 'react-router';
import { cn } from '@/components/ui/cn.ts';
import { RowActionIcon } from '@/components/ui/row-action-icon.tsx';
import { fromHere } from '@/lib/return-to.ts';

const iconAction =
  'inline-flex h-8 w-8 items-center justify-center rounded-lg transition-colors focus-visible:outline-2 focus-visible:outline-accent';

interface TimesheetRowActionsProps {
  id: string;
  /** Names what the actions act on, e.g. "Ravi Kumar, 10/03/2025". */
  name: string;
  onDelete(): void;
}

/** SPEC 2: view (/timesheet/view/{id}), edit (/timesheet/edit/{id}) and delete, named for the row. */
export function TimesheetRowActions({ id, name, onDelete }: TimesheetRowActionsProps) {
  const location = useLocation();
  return (
    <div className="flex items-center justify-end gap-1">
      <Link
        to={`/timesheet/view/${id}`}
        state={fromHere(location)}
        aria-label={`View timesheet of ${name}`}
        title="View"
        className={cn(iconAction, 'text-ink-muted hover:bg-black/5 hover:text-accent')}
      >
        <RowActionIcon name="view" />
      </Link>
      <Link
        to={`/timesheet/edit/${id}`}
        state={fromHere(location)}
        aria-label={`Edit timesheet of ${name}`}
        title="Edit"
        className={cn(iconAction, 'text-ink-muted hover:bg-black/5 hover:text-accent')}
      >
        <RowActionIcon name="edit" />
      </Link>
      <button
        type="button"
        aria-label={`Delete timesheet of ${name}`}
        title="Delete"
        onClick={onDelete}
        className={cn(iconAction, 'text-ink-muted hover:bg-red-50 hover:text-danger')}
      >
        <RowActionIcon name="delete" />
      </button>
    </div>
  );
}
