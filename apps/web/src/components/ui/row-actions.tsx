import { Eye, type LucideIcon, Pencil, Trash2 } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { fromHere } from '@/lib/return-to.ts';
import { buttonClasses } from './button.tsx';
import { cn } from './cn.ts';

type Tone = 'plain' | 'danger' | 'info';

/** A row's own action besides view, edit and delete (a payslip's Mark as Paid). */
export interface RowButtonAction {
  /** Its accessible name, naming the record: "Mark payslip of ... as paid". */
  label: string;
  /** What the button says on a card. */
  text: string;
  /** Its tooltip in a table row (the text when not given). */
  title?: string;
  icon: LucideIcon;
  tone?: Tone;
  onClick(): void;
}

interface RowActionsProps {
  /** What the actions act on, named in each: "View {subject}", "Delete {subject}". */
  subject: string;
  /** The record's detail page. */
  viewTo?: string;
  /** The record's edit form. */
  editTo?: string;
  /** Deletes the record; no Delete without it. */
  onDelete?(): void;
  /**
   * Edit and Delete shown but disabled: `note` ends their names ("Edit ... (not possible: deducted)"),
   * `explanation` is their tooltip.
   */
  locked?: { note: string; explanation: string };
  /** Actions before View. */
  before?: ReadonlyArray<RowButtonAction>;
  /** Icons in a table row; labelled buttons with larger targets on a card (phone). */
  layout?: 'table' | 'card';
}

const ICON_ACTION =
  'inline-flex h-8 w-8 items-center justify-center rounded-lg transition-colors focus-visible:outline-2 focus-visible:outline-accent';

const ICON_TONE: Record<Tone, string> = {
  plain: 'text-ink-muted hover:bg-black/5 hover:text-accent',
  danger: 'text-ink-muted hover:bg-red-50 hover:text-danger',
  info: 'text-ink-muted hover:bg-blue-50 hover:text-blue-700',
};

const icon = (Icon: LucideIcon) => <Icon aria-hidden="true" className="h-4 w-4" />;

/**
 * SPEC 2 row actions of every list: view, edit and delete (and a row's own, before them), each named
 * for the record it acts on. View and Edit carry where they were opened from, so saving or going back
 * returns to this page of the list (decision 022).
 */
export function RowActions({
  subject,
  viewTo,
  editTo,
  onDelete,
  locked,
  before = [],
  layout = 'table',
}: RowActionsProps) {
  const location = useLocation();
  const state = fromHere(location);
  const card = layout === 'card';
  const look = (tone: Tone) =>
    card
      ? buttonClasses('secondary', 'sm', tone === 'danger' ? 'text-danger hover:bg-red-50' : undefined)
      : cn(ICON_ACTION, ICON_TONE[tone]);
  const disabled = (Icon: LucideIcon, text: string, note: string, explanation: string) => (
    <button
      type="button"
      disabled
      aria-label={`${text} ${subject} (not possible: ${note})`}
      title={explanation}
      className={card ? buttonClasses('secondary', 'sm') : cn(ICON_ACTION, 'cursor-not-allowed text-ink-muted/40')}
    >
      {icon(Icon)}
      {card && text}
    </button>
  );
  const link = (to: string, Icon: LucideIcon, text: string) => (
    <Link
      to={to}
      state={state}
      aria-label={`${text} ${subject}`}
      title={card ? undefined : text}
      className={look('plain')}
    >
      {icon(Icon)}
      {card && text}
    </Link>
  );
  const button = (action: RowButtonAction) => (
    <button
      key={action.label}
      type="button"
      aria-label={action.label}
      title={card ? undefined : (action.title ?? action.text)}
      onClick={action.onClick}
      className={look(action.tone ?? 'plain')}
    >
      {icon(action.icon)}
      {card && action.text}
    </button>
  );

  return (
    <div className={card ? 'flex flex-wrap justify-end gap-2' : 'flex items-center justify-end gap-1'}>
      {before.map(button)}
      {viewTo && link(viewTo, Eye, 'View')}
      {locked ? (
        <>
          {editTo && disabled(Pencil, 'Edit', locked.note, locked.explanation)}
          {onDelete && disabled(Trash2, 'Delete', locked.note, locked.explanation)}
        </>
      ) : (
        <>
          {editTo && link(editTo, Pencil, 'Edit')}
          {onDelete &&
            button({ label: `Delete ${subject}`, text: 'Delete', icon: Trash2, tone: 'danger', onClick: onDelete })}
        </>
      )}
    </div>
  );
}
