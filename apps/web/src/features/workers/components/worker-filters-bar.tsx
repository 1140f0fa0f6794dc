import { NATIONALITIES } from '@td/shared/options/workers';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';

interface WorkerFiltersBarProps {
  searchLabel: string;
  searchText: string;
  onSearchTextChange(value: string): void;
  nationality: string;
  onNationalityChange(value: string): void;
  /** The nationalities offered; defaults to every nationality of SPEC 3. */
  nationalities?: ReadonlyArray<string>;
}

/** Name search and the nationality filter ("All Nationalities" plus the list), both answered by the server. */
export function WorkerFiltersBar({
  searchLabel,
  searchText,
  onSearchTextChange,
  nationality,
  onNationalityChange,
  nationalities = NATIONALITIES,
}: WorkerFiltersBarProps) {
  // A chosen nationality stays offered even when the answer no longer lists it.
  const options = nationality && !nationalities.includes(nationality) ? [...nationalities, nationality] : nationalities;
  return (
    <search className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
      <SearchField
        label={searchLabel}
        placeholder="Search by first or last name"
        value={searchText}
        onChange={(event) => onSearchTextChange(event.target.value)}
        autoComplete="off"
      />
      <SelectField
        label="Nationality"
        options={[{ value: '', label: 'All Nationalities' }, ...options]}
        value={nationality}
        onChange={(event) => onNationalityChange(event.target.value)}
      />
    </search>
  );
}
