import { PAYSLIP_STATUSES } from '@td/shared/options/payslips';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { SearchField } from '@/components/ui/search-field.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { WorkerPicker } from '@/features/workers/public/worker-picker.tsx';

interface PayslipFiltersProps {
  searchText: string;
  onSearchTextChange(value: string): void;
  workerId: string;
  onWorkerChange(workerId: string): void;
  status: string;
  onStatusChange(status: string): void;
  /** `YYYY-MM`, or empty for every month. */
  month: string;
  onMonthChange(month: string): void;
  onClear(): void;
}

/**
 * SPEC 2 payslip list: search by worker name, filters by worker, status and month (the month picker
 * defaults to the current month), and Clear Filters, which resets the month to the current one.
 */
export function PayslipFilters({
  searchText,
  onSearchTextChange,
  workerId,
  onWorkerChange,
  status,
  onStatusChange,
  month,
  onMonthChange,
  onClear,
}: PayslipFiltersProps) {
  return (
    <search className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end">
      <SearchField
        label="Search by worker name"
        placeholder="First or last name"
        value={searchText}
        onChange={(event) => onSearchTextChange(event.target.value)}
        autoComplete="off"
      />
      <WorkerPicker
        label="Worker"
        placeholder="All workers"
        value={workerId || null}
        onChange={(worker) => onWorkerChange(worker?.id ?? '')}
      />
      <SelectField
        label="Status"
        options={[{ value: '', label: 'All Statuses' }, ...PAYSLIP_STATUSES]}
        value={status}
        onChange={(event) => onStatusChange(event.target.value)}
      />
      <TextField
        label="Month"
        type="month"
        value={month}
        hint={month ? undefined : 'All months'}
        onChange={(event) => onMonthChange(event.target.value)}
      />
      <Button
        variant="secondary"
        className="self-end justify-self-start"
        icon={<X aria-hidden="true" className="h-4 w-4" />}
        onClick={onClear}
      >
        Clear Filters
      </Button>
    </search>
  );
}
