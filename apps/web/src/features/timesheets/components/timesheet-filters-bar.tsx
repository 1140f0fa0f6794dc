import { addMonthsToMonth, isMonth } from '@td/shared/rules/months';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { SearchField } from '@/components/ui/search-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { WorkerPicker } from '@/features/workers/public/worker-picker.tsx';

interface TimesheetFiltersBarProps {
  /** The month shown (`YYYY-MM`). */
  month: string;
  onMonthChange(month: string): void;
  workerId: string;
  onWorkerChange(workerId: string): void;
  searchText: string;
  onSearchTextChange(value: string): void;
}

/** SPEC 2, 9: month filter, worker filter (the server-searched picker) and worker-name search. */
export function TimesheetFiltersBar({
  month,
  onMonthChange,
  workerId,
  onWorkerChange,
  searchText,
  onSearchTextChange,
}: TimesheetFiltersBarProps) {
  const step = (offset: number) => onMonthChange(addMonthsToMonth(month, offset));
  return (
    <search className="grid gap-3 md:grid-cols-[auto_minmax(0,1fr)_minmax(0,1fr)] md:items-start">
      <div className="flex items-end gap-1.5">
        <TextField
          label="Month"
          type="month"
          className="w-full md:w-44"
          value={month}
          // A cleared or half-typed month keeps the list where it is.
          onChange={(event) => {
            if (isMonth(event.target.value)) onMonthChange(event.target.value);
          }}
        />
        <Button
          variant="secondary"
          aria-label="Previous month"
          title="Previous month"
          className="w-10 shrink-0 px-0!"
          onClick={() => step(-1)}
        >
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        </Button>
        <Button
          variant="secondary"
          aria-label="Next month"
          title="Next month"
          className="w-10 shrink-0 px-0!"
          onClick={() => step(1)}
        >
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
      <WorkerPicker
        label="Worker"
        placeholder="All workers"
        value={workerId || null}
        onChange={(worker) => onWorkerChange(worker?.id ?? '')}
      />
      <SearchField
        label="Search by worker name"
        placeholder="First or last name"
        value={searchText}
        onChange={(event) => onSearchTextChange(event.target.value)}
        autoComplete="off"
      />
    </search>
  );
}
