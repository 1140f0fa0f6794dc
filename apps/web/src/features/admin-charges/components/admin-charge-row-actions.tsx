import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button.tsx';
import { cn } from '@/components/ui/cn.ts';
import { RowActionIcon } from '@/components/ui/row-action-icon.tsx';
import { fromHere } from '@/lib/return-to.ts';
import { LOCKED_EXPLANATION } from './admin-charge-display.ts';

const iconAction =
  'inline-flex h-8 w-8 items-center justify-center rounded-lg transition-colors focus-visible:outline-2 focus-visible:outline-accent';

interface AdminChargeRowActionsProps {
  id: string;
  /** Says which charge the buttons act on, e.g. "charge of Rahim Uddin on 14/03/2025". */
  description: string;
  /** ARCHITECTURE differs 9: a Deducted charge cannot be edited or deleted. */
  locked: boolean;
  onDelete(): void;
  /** Icons in a table row; labelled buttons with larger targets on a card (phone). */
  layout?: 'table' | 'card';
}

/**
 * SPEC 2 actions: view, edit, delete (without confirmation; the toast offers Undo), named for the charge
 * they act on. View and Edit carry where they were opened from, so saving or going back returns here.
 */
export function AdminChargeRowActions({
  id,
  description,
  locked,
  onDelete,
  layout = 'table',
}: AdminChargeRowActionsProps) {
  const location = useLocation();
  const state = fromHere(location);
  const card = layout === 'card';
  const look = (tone: 'plain' | 'danger') =>
    card
      ? buttonClasses('secondary', 'sm', tone === 'danger' ? 'text-danger hover:bg-red-50' : undefined)
      : cn(
          iconAction,
          tone === 'danger'
            ? 'text-ink-muted hover:bg-red-50 hover:text-danger'
            : 'text-ink-muted hover:bg-black/5 hover:text-accent',
        );
  const content = (icon: ReactNode, label: string) => (
    <>
      {icon}
      {card && label}
    </>
  );
  const disabledAction = (icon: ReactNode, label: string) => (
    <button
      type="button"
      disabled
      aria-label={`${label} ${description} (not possible: deducted)`}
      title={LOCKED_EXPLANATION}
      className={card ? buttonClasses('secondary', 'sm') : cn(iconAction, 'cursor-not-allowed text-ink-muted/40')}
    >
      {content(icon, label)}
    </button>
  );
  const pencil = <RowActionIcon name="edit" />;
  const bin = <RowActionIcon name="delete" />;

  return (
    <div className={card ? 'flex flex-wrap justify-end gap-2' : 'flex items-center justify-end gap-1'}>
      <Link
        to={`/admin-charge/view/${id}`}
        state={state}
        aria-label={`View ${description}`}
        title={card ? undefined : 'View'}
        className={look('plain')}
      >
        {content(<RowActionIcon name="view" />, 'View')}
      </Link>
      {locked ? (
        <>
          {disabledAction(pencil, 'Edit')}
          {disabledAction(bin, 'Delete')}
        </>
      ) : (
        <>
          <Link
            to={`/admin-charge/edit/${id}`}
            state={state}
            aria-label={`Edit ${description}`}
            title={card ? undefined : 'Edit'}
            className={look('plain')}
          >
            {content(pencil, 'Edit')}
          </Link>
          <button
            type="button"
            aria-label={`Delete ${description}`}
            title={card ? undefined : 'Delete'}
            onClick={onDelete}
            className={look('danger')}
          >
            {content(bin, 'Delete')}
          </button>
        </>
      )}
    </div>
  );
}
