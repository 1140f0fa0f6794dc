import { CHARGE_STATUSES, CHARGE_TYPES } from '@td/shared/options/admin-charges';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { SearchField } from '@/components/ui/search-field.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { WorkerPicker } from '@/features/workers/public/worker-picker.tsx';

export type ChargeFilter = 'worker_id' | 'status' | 'charge_type';

interface AdminChargeFiltersBarProps {
  searchText: string;
  onSearchTextChange(text: string): void;
  filters: Record<ChargeFilter, string>;
  onFilterChange(name: ChargeFilter, value: string): void;
  /** Shown while a search or filter narrows the list. */
  onClear?: (() => void) | undefined;
}

/**
 * SPEC 2: text search by worker name or worker ID; filters by worker, status and type. The worker
 * filter searches on the server as you type (ARCHITECTURE differs 10).
 */
export function AdminChargeFiltersBar({
  searchText,
  onSearchTextChange,
  filters,
  onFilterChange,
  onClear,
}: AdminChargeFiltersBarProps) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1.2fr)_minmax(0,0.8fr)_minmax(0,0.9fr)_auto] lg:items-end">
      <SearchField
        className="col-span-2 lg:col-span-1"
        label="Search charges"
        placeholder="Worker name or ID (TD-…)"
        value={searchText}
        onChange={(event) => onSearchTextChange(event.target.value)}
        autoComplete="off"
      />
      <WorkerPicker
        className="col-span-2 lg:col-span-1"
        label="Worker"
        value={filters.worker_id || null}
        onChange={(worker) => onFilterChange('worker_id', worker?.id ?? '')}
        placeholder="All Workers"
      />
      <SelectField
        label="Status"
        value={filters.status}
        onChange={(event) => onFilterChange('status', event.target.value)}
        options={[{ value: '', label: 'All Statuses' }, ...CHARGE_STATUSES]}
      />
      <SelectField
        label="Type"
        value={filters.charge_type}
        onChange={(event) => onFilterChange('charge_type', event.target.value)}
        options={[{ value: '', label: 'All Types' }, ...CHARGE_TYPES]}
      />
      {onClear ? (
        <Button
          variant="ghost"
          className="col-span-2 justify-self-start lg:col-span-1"
          icon={<X aria-hidden="true" className="h-4 w-4" />}
          onClick={onClear}
        >
          Clear Filters
        </Button>
      ) : (
        <span className="hidden lg:block" />
      )}
    </div>
  );
}
