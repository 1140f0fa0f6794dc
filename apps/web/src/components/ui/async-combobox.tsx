import { type UseComboboxState, type UseComboboxStateChangeOptions, useCombobox } from 'downshift';
import { ChevronDown, X } from 'lucide-react';
import { type ReactNode, type UIEvent, useState } from 'react';
import { cn } from './cn.ts';
import { describedBy, FieldLabel, FieldMessage, FieldShell, useFieldIds } from './field.tsx';
import { inputClasses } from './text-field.tsx';

export interface AsyncComboboxProps<T> {
  label: string;
  id?: string | undefined;
  required?: boolean | undefined;
  /** Shown under the field in red and announced; marks the input invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  placeholder?: string | undefined;
  disabled?: boolean | undefined;
  className?: string | undefined;
  /** The chosen item (controlled); null for none. */
  selectedItem: T | null;
  onSelectedItemChange: (item: T | null) => void;
  /** What the input shows for the chosen item. */
  itemToString: (item: T) => string;
  itemToKey: (item: T) => string;
  /** One option's content; itemToString when not given. */
  renderItem?: ((item: T) => ReactNode) | undefined;
  /** The results for the current query so far (the pages loaded). */
  items: T[];
  /** How many results the query has in all, when known. */
  total?: number | undefined;
  /** Called with what the user typed ('' after a choice), for the caller to search with. */
  onQueryChange: (query: string) => void;
  /** The first page for the current query is on its way. */
  loading?: boolean | undefined;
  /** Set when the search failed; shown in the list. */
  loadError?: string | undefined;
  hasMore?: boolean | undefined;
  loadingMore?: boolean | undefined;
  /** Asks for the next page (scrolling or arrowing to the end of the list). */
  onLoadMore?: (() => void) | undefined;
  /** Shown when the query has no results. */
  emptyMessage?: string | undefined;
  onBlur?: (() => void) | undefined;
  /** Told when the list opens or closes (e.g. to start searching only once it is first opened). */
  onOpenChange?: ((open: boolean) => void) | undefined;
  ref?: React.Ref<HTMLInputElement> | undefined;
}

/** How close (px) to the bottom of the list scrolling asks for the next page. */
const LOAD_MORE_THRESHOLD = 48;

/**
 * A labelled combobox whose options come from the server as the user types, a page at a time
 * (ARCHITECTURE differs 10: pickers search on the server). Built on downshift's useCombobox, which
 * implements the WAI-ARIA 1.2 combobox pattern: the input keeps focus, arrow keys move through the
 * options (announced through aria-activedescendant), Enter chooses, Escape closes (and, when closed,
 * clears). The caller owns the fetching: it gets the query through `onQueryChange` and passes the
 * results back as `items`.
 *
 * Clearing the text and leaving the field clears the choice; leaving it with other half-typed text
 * puts the chosen item's name back, so the field never shows something that is not chosen.
 */
export function AsyncCombobox<T>({
  label,
  id,
  required,
  error,
  hint,
  placeholder,
  disabled,
  className,
  selectedItem,
  onSelectedItemChange,
  itemToString,
  itemToKey,
  renderItem,
  items,
  total,
  onQueryChange,
  loading,
  loadError,
  hasMore,
  loadingMore,
  onLoadMore,
  emptyMessage = 'No results found',
  onBlur,
  onOpenChange,
  ref,
}: AsyncComboboxProps<T>) {
  const { inputId, messageId } = useFieldIds(id);
  const textOf = (item: T | null) => (item === null ? '' : itemToString(item));
  const [inputValue, setInputValue] = useState(() => textOf(selectedItem));
  const selectedKey = selectedItem === null ? null : itemToKey(selectedItem);
  const [shownKey, setShownKey] = useState(selectedKey);
  // A choice made from outside (a form reset, an edit page's record arriving) shows in the input.
  if (shownKey !== selectedKey) {
    setShownKey(selectedKey);
    setInputValue(textOf(selectedItem));
  }
  // A choice the caller did not keep (an "add a worker" field that stays empty) clears the input again.
  const [offeredKey, setOfferedKey] = useState<string | null | undefined>(undefined);
  if (offeredKey !== undefined) {
    setOfferedKey(undefined);
    if (offeredKey !== selectedKey) setInputValue(textOf(selectedItem));
  }

  const loadMore = () => {
    if (hasMore && !loadingMore && onLoadMore) onLoadMore();
  };

  const stateReducer = (state: UseComboboxState<T>, { type, changes }: UseComboboxStateChangeOptions<T>) => {
    if (type !== useCombobox.stateChangeTypes.InputBlur) return changes;
    if (changes.selectedItem !== state.selectedItem) return changes;
    if (state.inputValue.trim() === '') return { ...changes, selectedItem: null, inputValue: '' };
    return { ...changes, inputValue: textOf(state.selectedItem) };
  };

  const { isOpen, highlightedIndex, getLabelProps, getInputProps, getMenuProps, getItemProps, getToggleButtonProps } =
    useCombobox<T>({
      items,
      inputId,
      selectedItem,
      inputValue,
      itemToString: textOf,
      itemToKey: (item) => (item === null ? null : itemToKey(item)),
      stateReducer,
      onInputValueChange: ({ type, inputValue: next }) => {
        setInputValue(next);
        if (type === useCombobox.stateChangeTypes.InputChange) onQueryChange(next.trim());
      },
      onSelectedItemChange: ({ selectedItem: next }) => {
        setOfferedKey(next ? itemToKey(next) : null);
        // The next opening starts from the whole list again, not from the chosen name.
        onQueryChange('');
        onSelectedItemChange(next ?? null);
      },
      onIsOpenChange: ({ isOpen: open }) => onOpenChange?.(open),
      onHighlightedIndexChange: ({ highlightedIndex: index }) => {
        if (index >= items.length - 1 && items.length > 0) loadMore();
      },
    });

  const onMenuScroll = (event: UIEvent<HTMLUListElement>) => {
    const menu = event.currentTarget;
    if (menu.scrollHeight - menu.scrollTop - menu.clientHeight < LOAD_MORE_THRESHOLD) loadMore();
  };

  const status = (() => {
    if (loadError) return loadError;
    if (loading) return 'Searching…';
    if (items.length === 0) return emptyMessage;
    if (total !== undefined && total > items.length) return `${items.length} of ${total} shown. Type to narrow.`;
    return `${items.length} ${items.length === 1 ? 'result' : 'results'}`;
  })();

  const clear = () => {
    setInputValue('');
    onQueryChange('');
    onSelectedItemChange(null);
    document.getElementById(inputId)?.focus();
  };

  return (
    <FieldShell className={className}>
      <FieldLabel {...getLabelProps()} htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      <div className="relative">
        <input
          {...getInputProps({
            ref,
            disabled,
            required,
            placeholder,
            onBlur,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': describedBy(messageId, error, hint),
            className: inputClasses(Boolean(error), cn(selectedItem !== null && !disabled ? 'pr-16' : 'pr-9')),
          })}
        />
        <div className="absolute inset-y-0 right-1 flex items-center">
          {selectedItem !== null && !disabled && (
            <button
              type="button"
              aria-label={`Clear ${label}`}
              onClick={clear}
              className="flex h-8 w-7 items-center justify-center rounded-lg text-ink-muted hover:text-ink"
            >
              <X aria-hidden="true" className="h-4 w-4" />
            </button>
          )}
          <button
            type="button"
            {...getToggleButtonProps({ disabled, tabIndex: -1, 'aria-label': `Show ${label} options` })}
            className="flex h-8 w-7 items-center justify-center rounded-lg text-ink-muted hover:text-ink disabled:cursor-not-allowed"
          >
            <ChevronDown aria-hidden="true" className={cn('h-4 w-4 transition-transform', isOpen && 'rotate-180')} />
          </button>
        </div>
        <ul
          {...getMenuProps({ onScroll: onMenuScroll })}
          className={cn(
            'absolute top-full right-0 left-0 z-30 mt-1 max-h-72 overflow-y-auto rounded-xl border border-line bg-white py-1 shadow-lg',
            !isOpen && 'hidden',
          )}
        >
          {isOpen &&
            items.map((item, index) => (
              <li
                key={itemToKey(item)}
                {...getItemProps({ item, index })}
                className={cn(
                  'cursor-pointer px-3 py-2 text-sm text-ink',
                  highlightedIndex === index && 'bg-accent/10',
                  selectedKey === itemToKey(item) && 'font-semibold',
                )}
              >
                {renderItem ? renderItem(item) : itemToString(item)}
              </li>
            ))}
          {isOpen && (loading || loadingMore || loadError || items.length === 0 || (hasMore ?? false)) && (
            // Not an option: a note on the state of the search. The listbox may only hold options, so it
            // is presentational and the same text is announced by the status region below.
            <li role="presentation" aria-hidden="true" className="px-3 py-2 text-sm text-ink-muted">
              {loadingMore ? 'Loading more…' : status}
            </li>
          )}
        </ul>
      </div>
      <span role="status" aria-live="polite" className="sr-only">
        {isOpen ? status : ''}
      </span>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </FieldShell>
  );
}
