import { SlidersHorizontal, X } from 'lucide-react';
import { memo, useId, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/components/ui/cn.ts';
import { SearchField } from '@/components/ui/search-field.tsx';
import { SelectField, type SelectOption } from '@/components/ui/select-field.tsx';
import { useMediaQuery } from '@/components/ui/table.tsx';

/** Below Tailwind's `lg` the filters fold behind the Filters button (the panel's `max-lg:hidden`). */
const FOLDING_QUERY = '(max-width: 1023.98px)';

export interface FilterSelect {
  /** The select's label, e.g. "Nationality". */
  label: string;
  /** The first option, meaning no filter, e.g. "All Nationalities". */
  allLabel: string;
  options: ReadonlyArray<SelectOption>;
  value: string;
  onChange(value: string): void;
}

interface WorkerFiltersBarProps {
  searchLabel: string;
  searchText: string;
  onSearchTextChange(value: string): void;
  selects: ReadonlyArray<FilterSelect>;
  /** The Sort by control (SPEC 2), also for sorts no column shows (e.g. newest first). */
  sort?: { value: string; options: ReadonlyArray<SelectOption>; onChange(value: string): void };
  filtersActive: boolean;
  onClear(): void;
}

/** Decision 046: one search box finds a worker by name, TD- id, FIN, passport or phone number. */
export const WORKER_SEARCH_PLACEHOLDER = 'Name, TD- ID, FIN, passport or phone';

/**
 * The search and filters of a worker list, all answered by the server. A chosen value stays offered
 * even when the options no longer list it. On a phone, more than one filter folds behind a Filters
 * button (showing how many are on) so the first rows stay near the top.
 */
export const WorkerFiltersBar = memo(function WorkerFiltersBar({
  searchLabel,
  searchText,
  onSearchTextChange,
  selects,
  sort,
  filtersActive,
  onClear,
}: WorkerFiltersBarProps) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const foldable = selects.length + (sort ? 1 : 0) > 1;
  const activeCount = selects.filter((select) => select.value !== '').length;
  // Folded, the selects are not built at all (decision 071: with their options about 70 of a
  // phone page's 1,066 elements, paid for in its first render); the class alone folds them where the
  // width is unknown.
  const narrow = useMediaQuery(FOLDING_QUERY);
  const folded = foldable && !open && narrow;
  return (
    <search className="flex flex-col gap-3 xl:flex-row xl:flex-wrap xl:items-end">
      <div className="flex items-end gap-2 xl:min-w-64 xl:flex-1">
        <SearchField
          className="min-w-0 flex-1"
          label={searchLabel}
          placeholder={WORKER_SEARCH_PLACEHOLDER}
          value={searchText}
          onChange={(event) => onSearchTextChange(event.target.value)}
          autoComplete="off"
        />
        {foldable && (
          <Button
            variant="secondary"
            className="lg:hidden"
            aria-expanded={open}
            aria-controls={panelId}
            icon={<SlidersHorizontal aria-hidden="true" className="h-4 w-4" />}
            onClick={() => setOpen((value) => !value)}
          >
            Filters{activeCount > 0 ? ` (${activeCount})` : ''}
          </Button>
        )}
      </div>
      <div
        id={panelId}
        className={cn(
          'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end lg:[&>*]:w-44 xl:[&>*]:w-36 xl:[&>*:first-child]:w-44',
          foldable && !open && 'max-lg:hidden',
        )}
      >
        {!folded &&
          selects.map((select) => {
            const known = select.options.some((option) =>
              typeof option === 'string' ? option === select.value : option.value === select.value,
            );
            const options = select.value && !known ? [...select.options, select.value] : select.options;
            return (
              <SelectField
                key={select.label}
                label={select.label}
                options={[{ value: '', label: select.allLabel }, ...options]}
                value={select.value}
                onChange={(event) => select.onChange(event.target.value)}
              />
            );
          })}
        {!folded && sort && (
          <SelectField
            label="Sort by"
            options={sort.options}
            value={sort.value}
            onChange={(event) => sort.onChange(event.target.value)}
          />
        )}
        {!folded && filtersActive && (
          <Button
            variant="ghost"
            className="justify-self-start lg:!w-auto"
            icon={<X aria-hidden="true" className="h-4 w-4" />}
            onClick={onClear}
          >
            Clear Filters
          </Button>
        )}
      </div>
    </search>
  );
});
