import { Eye, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn.ts';

const iconAction =
  'inline-flex h-8 w-8 items-center justify-center rounded-lg transition-colors focus-visible:outline-2 focus-visible:outline-accent';

interface WorkerRowActionsProps {
  id: string;
  name: string;
  onDelete(): void;
}

/** SPEC 2 table actions: view, edit and delete, named for the worker they act on. */
export function WorkerRowActions({ id, name, onDelete }: WorkerRowActionsProps) {
  return (
    <div className="flex items-center justify-end gap-1">
      <Link
        to={`/worker/view/${id}`}
        aria-label={`View ${name}`}
        title="View"
        className={cn(iconAction, 'text-ink-muted hover:bg-black/5 hover:text-accent')}
      >
        <Eye aria-hidden="true" className="h-4 w-4" />
      </Link>
      <Link
        to={`/worker/edit/${id}`}
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
