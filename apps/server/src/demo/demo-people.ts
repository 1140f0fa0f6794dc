import type { CHARGE_TYPES } from '@td/shared/options/admin-charges';
import { TRAINING_NAMES, TRAINING_PROVIDERS } from '@td/shared/options/training';
import { CORETRADES, LEVIES, NATIONALITIES, type PassType, WORKER_STATUSES } from '@td/shared/options/workers';
import { addDays, addMonths } from '@td/shared/rules/dates';
import { identityKey, nricFinCheckLetter } from '@td/shared/rules/worker-identity';
import type { WorkerSeedRow } from '../modules/workers/public.ts';

/**
 * The people of the demo data (decision 030): pure functions of an index, a seeded random source and
 * today's date, so a run is reproducible and a test can check every row against the product's rules.
 */

/** A small seeded generator (mulberry32): the same seed gives the same data on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;
export const pick = <T>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
export const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

const NAMES: Record<(typeof NATIONALITIES)[number], { first: string[]; last: string[]; passport: string }> = {
  Bangladeshi: {
    first: ['Rahim', 'Karim', 'Abdul', 'Mohammad', 'Shafiqul', 'Jahid', 'Rafiq', 'Sohel'],
    last: ['Uddin', 'Hossain', 'Rahman', 'Islam', 'Miah', 'Ahmed', 'Sarkar', 'Alam'],
    passport: 'BD',
  },
  Burmese: {
    first: ['Aung', 'Zaw', 'Kyaw', 'Thant', 'Min', 'Htet', 'Soe', 'Myo'],
    last: ['Min Oo', 'Win', 'Naing', 'Htun', 'Lwin', 'Tun', 'Aung', 'Kyaw'],
    passport: 'MB',
  },
  Chinese: {
    first: ['Wei', 'Jun', 'Hao', 'Lei', 'Jian', 'Ming', 'Qiang', 'Bo'],
    last: ['Zhang', 'Wang', 'Li', 'Liu', 'Chen', 'Yang', 'Huang', 'Zhao'],
    passport: 'E',
  },
  Indian: {
    first: ['Ravi', 'Kumar', 'Suresh', 'Rajesh', 'Murugan', 'Senthil', 'Arun', 'Vijay'],
    last: ['Krishnan', 'Subramaniam', 'Pillai', 'Singh', 'Rajan', 'Nair', 'Selvam', 'Raman'],
    passport: 'N',
  },
  Malaysian: {
    first: ['Ahmad', 'Mohd', 'Faizal', 'Azman', 'Lim', 'Tan', 'Kumar', 'Hafiz'],
    last: ['bin Ismail', 'bin Hassan', 'Ong', 'Tan', 'Lee', 'bin Abdullah', 'Wong', 'Ramasamy'],
    passport: 'A',
  },
  Singaporean: {
    first: ['Jason', 'Kelvin', 'Muhammad', 'Darren', 'Marcus', 'Hafiz', 'Ravi', 'Benjamin'],
    last: ['Tan', 'Lim', 'Ng', 'Goh', 'bin Salleh', 'Chua', 'Pillai', 'Koh'],
    passport: 'K',
  },
  Thai: {
    first: ['Somchai', 'Somsak', 'Prasert', 'Anan', 'Chaiya', 'Wichai', 'Surachai', 'Niran'],
    last: ['Saelim', 'Srisuk', 'Wongsa', 'Boonmee', 'Chaiyaporn', 'Thongdee', 'Kaewmanee', 'Phromma'],
    passport: 'AA',
  },
  Vietnamese: {
    first: ['Nguyen', 'Tuan', 'Minh', 'Hung', 'Duc', 'Thanh', 'Quang', 'Long'],
    last: ['Van An', 'Tran', 'Le', 'Pham', 'Hoang', 'Vu', 'Dang', 'Bui'],
    passport: 'C',
  },
};

export const COMPANIES = [
  'Acme Builders Pte Ltd',
  'Straits Construction Pte Ltd',
  'Marina Engineering & Construction',
  'Jurong Civil Works Pte Ltd',
] as const;

const DESIGNATIONS = ['Construction Worker', 'Carpenter', 'Steel Bar Bender', 'Electrician', 'Plumber', 'Mason', null];

/** The statuses that work on site and so have timesheets (the others are still being onboarded). */
const WORKS_ON_SITE = new Set(['Working', 'Undergoing Training', 'WP Issued', 'Terminated']);
export const worksOnSite = (status: string | null) => status !== null && WORKS_ON_SITE.has(status);

/**
 * The pass for a worker: Singaporeans are citizens; everyone else mostly holds a Work Permit, with some
 * S Passes, Employment Passes and PRs, so every pass occurs in any 60 consecutive workers.
 */
function passFor(nationality: string, index: number): PassType {
  if (nationality === 'Singaporean') return 'Singapore Citizen';
  const rotation: PassType[] = ['WP', 'WP', 'SPass', 'WP', 'EP', 'WP', 'PR'];
  return rotation[(index + Math.floor(index / NATIONALITIES.length)) % rotation.length] ?? 'WP';
}

/**
 * Unique worker ids spread over the 4-digit space as the server's random ids would be (a permutation:
 * 7,919 is prime to 9,000), then 5 digits once the 4-digit ones are used up (ARCHITECTURE differs 4).
 */
export function workerIdCandidate(sequence: number): string {
  return sequence < 9000 ? `TD-${1000 + ((sequence * 7919) % 9000)}` : `TD-${10_000 + sequence - 9000}`;
}

/** An NRIC (S series) for citizens and PRs, a FIN (G series) for pass holders, with the right check letter. */
export function identityNumber(series: 'S' | 'G', sequence: number): string {
  const digits = String((3_100_000 + sequence * 7) % 10_000_000).padStart(7, '0');
  return `${series}${digits}${nricFinCheckLetter(series, digits)}`;
}

export interface TakenIdentities {
  workerIds: Set<string>;
  /** identityKey of fin_no, passport_no and wp_no already held (decision 023: unique). */
  keys: Set<string>;
}

export interface WorkerPlan {
  row: WorkerSeedRow;
  /** When a terminated worker stopped working (`YYYY-MM-DD`); null for everyone else. */
  leftOn: string | null;
}

/**
 * Worker `index` of a demo set: nationality, pass and status rotate so that every one of them occurs;
 * ages 20 to 55; work permits and coretrade certificates expiring in the past, within 30 days, within
 * three months and later; joined over the last three years with some in this and last month (the
 * dashboard's New This Month, Joined Last Month and Growth Trend).
 */
export function planWorker(index: number, random: Random, today: string, taken: TakenIdentities): WorkerPlan {
  const nationality = NATIONALITIES[index % NATIONALITIES.length] ?? 'Indian';
  const names = NAMES[nationality];
  const pass = passFor(nationality, index);
  const resident = pass === 'Singapore Citizen' || pass === 'PR';
  // Every status in any 21 workers; two in three are Working, as on a real roster.
  const status = index % 3 === 0 ? (WORKER_STATUSES[(index / 3) % WORKER_STATUSES.length] ?? 'Working') : 'Working';
  const firstName = pick(random, names.first);
  const lastName = pick(random, names.last);

  let sequence = index;
  while (taken.workerIds.has(workerIdCandidate(sequence))) sequence += 1;
  const workerId = workerIdCandidate(sequence);
  taken.workerIds.add(workerId);
  const unique = (make: (n: number) => string) => {
    let n = index;
    while (taken.keys.has(identityKey(make(n)) ?? '')) n += 100_003;
    const value = make(n);
    taken.keys.add(identityKey(value) ?? '');
    return value;
  };
  const finNo = unique((n) => identityNumber(resident ? 'S' : 'G', n));
  const passportNo = unique((n) => `${names.passport}${String(1_000_000 + n).padStart(7, '0')}`);
  const wpNo = resident ? null : unique((n) => `WP${String(20_000_000 + n)}`);

  // New joiners: one in ten of a demo's workers joined this month and one in ten last month (the
  // dashboard's tiles); in a large set only one in fifty does, as on a long-standing roster.
  const newcomer = index < 100 || index % 50 < 10;
  const joinedDaysAgo =
    newcomer && index % 10 === 0
      ? between(random, 0, 20)
      : newcomer && index % 10 === 1
        ? between(random, 25, 55)
        : // Most of a roster has been on it for more than a year (and so has a year of timesheets).
          between(random, 400, 1095);
  const joined = addDays(today, -joinedDaysAgo);
  const applied = addDays(joined, -between(random, 30, 90));
  const issued = addDays(applied, between(random, 10, 25));
  // Expiry spread: expired, within 30 days, within 3 months, later.
  const expiryOffsets = [
    () => -between(random, 5, 120),
    () => between(random, 1, 30),
    () => between(random, 31, 90),
    () => between(random, 120, 700),
    () => between(random, 120, 700),
  ];
  // A permit expires after its issue (the worker form refuses anything else): a recent joiner's "expired"
  // permit lapses a year after issue instead.
  const expiry = () => {
    const date = addDays(today, (expiryOffsets[index % expiryOffsets.length] ?? (() => 365))());
    return date > issued ? date : addDays(issued, 365);
  };
  const rateType = index % 11 === 0 ? 'Monthly' : index % 5 === 0 ? 'Hourly' : 'Daily';
  const salaryRate =
    rateType === 'Monthly'
      ? between(random, 180, 320) * 1000
      : rateType === 'Hourly'
        ? between(random, 900, 1600)
        : between(random, 60, 140) * 100;
  const createdAt = new Date(`${joined}T0${between(random, 1, 9)}:${between(random, 10, 59)}:00.000Z`).toISOString();
  const leftOn = status === 'Terminated' ? addDays(today, -between(random, 20, 240)) : null;
  const email =
    index % 9 === 4
      ? null
      : `${`${firstName}.${lastName}.${workerId.slice(3)}`.toLowerCase().replace(/[^a-z0-9.]+/g, '')}@example.com`;

  const row: WorkerSeedRow = {
    id: crypto.randomUUID(),
    worker_id: workerId,
    first_name: firstName,
    last_name: lastName,
    date_of_birth: addMonths(today, -between(random, 20 * 12, 55 * 12)),
    nationality,
    phone_number: `+65 ${pick(random, ['8', '9'])}${String(between(random, 100, 999))} ${String(between(random, 1000, 9999))}`,
    email,
    passport_no: passportNo,
    type_of_pass: pass,
    fin_no: finNo,
    wp_no: wpNo,
    date_of_application: applied,
    date_of_issuance: issued,
    wp_expiry_date: resident ? null : expiry(),
    coretrade_expiry_date: pass === 'WP' ? addDays(expiry(), between(random, -60, 60)) : null,
    levy: resident ? null : pass === 'WP' ? pick(random, LEVIES) : '$500',
    coretrade: pass === 'WP' ? pick(random, CORETRADES) : null,
    status,
    supplied_to_company: pick(random, COMPANIES),
    designation: pick(random, DESIGNATIONS),
    rate_type: rateType,
    salary_rate: salaryRate,
    photo_url: null,
    ipa_url: null,
    consent_letter_url: null,
    contract_url: null,
    employment_start_date: joined,
    employment_end_date: leftOn,
    created_at: createdAt,
    updated_at: createdAt,
    ...complianceDates(random, index, pass, nationality, expiry),
  };
  return { row, leftOn };
}

/**
 * Decision 094: the dated items MOM's conditions hang on. A passport runs years past the permit; the
 * security bond (non-Malaysian Work Permit holders, $5,000) and the medical insurance (every work pass
 * holder) expire across the same spread as the permits, so the compliance calendar of a large set holds
 * about six items a worker.
 */
function complianceDates(
  random: Random,
  index: number,
  pass: string,
  nationality: string,
  expiry: () => string,
): Pick<
  WorkerSeedRow,
  | 'passport_expiry_date'
  | 'security_bond_number'
  | 'security_bond_issuer'
  | 'security_bond_amount'
  | 'security_bond_expiry_date'
  | 'medical_insurer'
  | 'medical_policy_number'
  | 'medical_insurance_expiry_date'
  | 'sip_required'
  | 'sip_attended_date'
  | 'probation_months'
> {
  const resident = pass === 'Singapore Citizen' || pass === 'PR';
  const bonded = pass === 'WP' && nationality !== 'Malaysian';
  return {
    passport_expiry_date: addDays(expiry(), between(random, 200, 1500)),
    security_bond_number: bonded ? `BG-${String(100_000 + index)}` : null,
    security_bond_issuer: bonded ? pick(random, ['DBS Bank', 'OCBC Bank', 'India International Insurance']) : null,
    security_bond_amount: bonded ? 500_000 : null,
    security_bond_expiry_date: bonded ? addDays(expiry(), between(random, 0, 60)) : null,
    medical_insurer: resident ? null : pick(random, ['NTUC Income', 'AIG Asia Pacific', 'Tokio Marine']),
    medical_policy_number: resident ? null : `MI-${String(200_000 + index)}`,
    medical_insurance_expiry_date: resident ? null : expiry(),
    sip_required: null,
    sip_attended_date: null,
    probation_months: index % 3 === 0 ? 3 : 0,
  };
}

/** Shifts a worker may do: day, day with overtime, night (past midnight), night with overtime, half day. */
export const SHIFTS = [
  ['08:00', '17:00'],
  ['08:00', '17:00'],
  ['08:00', '20:00'],
  ['07:30', '19:30'],
  ['20:00', '05:00'],
  ['19:00', '07:00'],
  ['08:00', '12:00'],
] as const;

export const TIMESHEET_NOTES = [
  'Site A, Tuas',
  'Concreting at Punggol',
  'Rain stoppage 1 h',
  'Night pour',
  null,
] as const;

export const CHARGE_DESCRIPTIONS: Record<(typeof CHARGE_TYPES)[number], string> = {
  'Safety Violation': 'No safety helmet on site',
  Attendance: 'Late arrival without notice',
  'Equipment Damage': 'Damaged power drill',
  Misconduct: 'Smoking in non-smoking area',
  Other: 'Replacement of lost site pass',
};

/**
 * A training record's expiry, cycling through the four states the screen shows: Valid (more than 30
 * days ahead), Expiring Soon (within 30 days), Expired and No Expiry.
 */
export function trainingExpiry(
  kind: number,
  random: Random,
  today: string,
): { trained: string; expires: string | null } {
  const state = kind % 4;
  if (state === 3) return { trained: addDays(today, -between(random, 30, 900)), expires: null };
  const expires =
    state === 0
      ? addDays(today, between(random, 31, 1000))
      : state === 1
        ? addDays(today, between(random, 0, 30))
        : addDays(today, -between(random, 1, 500));
  const trained = addDays(expires, -between(random, 365, 1095));
  // A course is always taken in the past, however long its certificate is valid.
  return { trained: trained < today ? trained : addDays(today, -between(random, 7, 90)), expires };
}

export const trainingName = (index: number) => TRAINING_NAMES[index % TRAINING_NAMES.length] ?? 'CSOC';
export const trainingProvider = (index: number) => TRAINING_PROVIDERS[index % TRAINING_PROVIDERS.length] ?? null;

/**
 * The clients' sites of a demo installation (decision 090): the crew entry, the attendance import and the
 * manpower report start from a site. Fictional clients and projects.
 */
export const DEMO_SITES = [
  {
    name: 'Tuas Port Phase 3',
    client_company: 'Straits Marine Engineering Pte Ltd',
    project_reference: 'TP3-C12',
    address: '50 Tuas South Avenue 8, Singapore 637600',
  },
  {
    name: 'Punggol Digital District Block C',
    client_company: 'Northshore Builders Pte Ltd',
    project_reference: 'PDD-C-204',
    address: '1 Punggol Way, Singapore 828761',
  },
  {
    name: 'Jurong Lake Viaduct',
    client_company: 'Westlink Civil Contractors Pte Ltd',
    project_reference: 'JLV-07',
    address: '21 Jurong Town Hall Road, Singapore 609431',
  },
] as const;
