import { TRAINING_NAMES, TRAINING_STATUS_FILTERS } from '@td/shared/options/training';
import { FilterX } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { SearchField } from '@/components/ui/search-field.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { WorkerPicker } from '@/features/workers/public/worker-picker.tsx';

interface TrainingFiltersBarProps {
  searchText: string;
  onSearchTextChange(value: string): void;
  /** workers.id, or '' for every worker. */
  workerId: string;
  onWorkerChange(workerId: string): void;
  trainingName: string;
  onTrainingNameChange(value: string): void;
  status: string;
  onStatusChange(value: string): void;
  /** True while a search or filter narrows the list. */
  active: boolean;
  onClear(): void;
}

/**
 * SPEC 2: search across worker first name, last name, training name and certificate number; filters by
 * worker (the server-searched picker, ARCHITECTURE differs 10) and training; Clear Filters. The status
 * filter is where the tiles lead.
 */
export function TrainingFiltersBar({
  searchText,
  onSearchTextChange,
  workerId,
  onWorkerChange,
  trainingName,
  onTrainingNameChange,
  status,
  onStatusChange,
  active,
  onClear,
}: TrainingFiltersBarProps) {
  // A training in the address that is not in the list stays offered, so the select shows what is applied.
  const trainings =
    trainingName && !(TRAINING_NAMES as readonly string[]).includes(trainingName)
      ? [...TRAINING_NAMES, trainingName]
      : TRAINING_NAMES;
  return (
    <search className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-[minmax(0,1.4fr)_minmax(0,1.2fr)_minmax(0,1.2fr)_minmax(0,0.8fr)_auto] xl:items-start">
      <SearchField
        className="col-span-2 xl:col-span-1"
        label="Search training records"
        placeholder="Name, training or cert #"
        value={searchText}
        onChange={(event) => onSearchTextChange(event.target.value)}
        autoComplete="off"
      />
      <WorkerPicker
        className="col-span-2 xl:col-span-1"
        label="Worker"
        value={workerId || null}
        onChange={(worker) => onWorkerChange(worker?.id ?? '')}
        placeholder="All workers"
      />
      <SelectField
        label="Training"
        options={[{ value: '', label: 'All Trainings' }, ...trainings]}
        value={trainingName}
        onChange={(event) => onTrainingNameChange(event.target.value)}
      />
      <SelectField
        label="Status"
        options={[{ value: '', label: 'All Statuses' }, ...TRAINING_STATUS_FILTERS]}
        value={status}
        onChange={(event) => onStatusChange(event.target.value)}
      />
      <div className="col-span-2 flex items-end xl:col-span-1 xl:h-full xl:pb-0.5">
        <Button
          variant="secondary"
          className="w-full md:mt-[1.6rem] xl:w-auto"
          icon={<FilterX aria-hidden="true" className="h-4 w-4" />}
          disabled={!active}
          onClick={onClear}
        >
          Clear Filters
        </Button>
      </div>
    </search>
  );
}
