import { type Kysely, sql } from 'kysely';
import { columnTypesFor, isPostgres } from './column-types.ts';

/**
 * Decision 107: the compliance calendar's items, kept by the database itself, and their number per kind
 * and due day. Counting the items on read cost 20-40 ms a request on the large set (decision 097), ten
 * times the 50 ms p99 budget's share at 10 connections; the day counts are summed over a few thousand
 * rows instead, and a filtered count reads only the items of the workers the filter leaves.
 *
 * `compliance_items` holds one row per item of every worker that counts (SPEC 4: every status but
 * Terminated), exactly decision 094's rules as the calendar applied them on read:
 * - the five worker dates as they are (`ref` '');
 * - the SIP, 14 days after the employment start date, of a worker who owes it (`sipRequired`: set by
 *   staff, else a non-Malaysian WP holder) and has no attended date;
 * - the KETs letter, 14 days after the employment start date, of a worker without a letter recorded;
 * - per course (`ref` the training name), its latest expiry, none when a record of it never expires.
 * `sort_id` is what the page orders an item by after its date: the worker's id, or the id of the
 * course's latest record (of two with that expiry, the later recorded).
 * Overdue or due is decided on read from `due_date`, as "today" moves; nothing of it is stored.
 *
 * Triggers keep both tables, not the services, so that every writer keeps them right: the screens,
 * imports, a worker's deletion (whose `on delete set null` rewrites the records' worker_id), the demo
 * and bench loaders, a restore of an older backup (migrated forward here) and any statement typed by
 * hand. SQLite has row triggers (one writer at a time); PostgreSQL statement triggers with transition
 * tables, so a bulk load recomputes each worker once, and each locks the workers it recomputes (in id
 * order) so two transactions writing one worker's items take turns and the later reads the earlier's
 * committed rows (READ COMMITTED gives each statement a new snapshot).
 */

/** `sipRequired` and `SIP_WITHIN_DAYS`, `KETS_WITHIN_DAYS` (packages/shared rules/compliance.ts) as of this migration. */
const WITHIN_DAYS = 14;
const NEVER = '9999-12-31';
const DATE_KINDS = [
  ['work_permit', 'wp_expiry_date'],
  ['passport', 'passport_expiry_date'],
  ['security_bond', 'security_bond_expiry_date'],
  ['medical_insurance', 'medical_insurance_expiry_date'],
  ['coretrade', 'coretrade_expiry_date'],
] as const;
/** The worker columns an item depends on. */
const WORKER_COLUMNS = [
  'status',
  ...DATE_KINDS.map(([, column]) => column),
  'employment_start_date',
  'sip_required',
  'sip_attended_date',
  'type_of_pass',
  'nationality',
];

type Dialect = 'sqlite' | 'postgres';

const active = (w: string) => `(${w}.status is null or ${w}.status <> 'Terminated')`;
const plusDays = (dialect: Dialect, date: string) =>
  dialect === 'sqlite' ? `date(${date}, '+${WITHIN_DAYS} days')` : `(${date} + ${WITHIN_DAYS})`;
const never = (dialect: Dialect) => (dialect === 'sqlite' ? `'${NEVER}'` : `date '${NEVER}'`);

const sipOwed = (w: string) =>
  `${w}.sip_attended_date is null and (${w}.sip_required = 1 or (${w}.sip_required is null and ${w}.type_of_pass = 'WP' and (${w}.nationality is null or ${w}.nationality <> 'Malaysian')))`;
const letterOwed = (w: string) => `not exists (select 1 from employment_letters l where l.worker_id = ${w}.id)`;

/**
 * The worker-date, SIP and KETs items of the workers `w` that `where` keeps (`w` is `workers` or a
 * transition table of its rows). `kinds` narrows it to the KETs for the letters' triggers.
 */
function workerItems(dialect: Dialect, from: string, where: string, onlyLetter = false): string {
  const select = (kind: string, due: string, extra = '') =>
    `select w.id as worker_id, '${kind}' as kind, '' as ref, ${due} as due_date, w.id as sort_id from ${from} w
     where ${where} and ${active('w')} and ${due.includes('employment_start_date') ? 'w.employment_start_date' : due} is not null${extra}`;
  const parts = onlyLetter
    ? []
    : [
        ...DATE_KINDS.map(([kind, column]) => select(kind, `w.${column}`)),
        select('sip', plusDays(dialect, 'w.employment_start_date'), ` and ${sipOwed('w')}`),
      ];
  parts.push(select('employment_letter', plusDays(dialect, 'w.employment_start_date'), ` and ${letterOwed('w')}`));
  return `insert into compliance_items (worker_id, kind, ref, due_date, sort_id) ${parts.join(' union all ')}`;
}

/** The training items (one per course, its latest expiry) of the records `where` keeps, active workers only. */
function trainingItems(dialect: Dialect, where: string): string {
  const latest = `max(coalesce(r.expiry_date, ${never(dialect)}))`;
  // The item's record: the latest expiry, of two the later recorded (the page lists it by its id).
  const record = `(select l.id from training_records l where l.worker_id = r.worker_id
    and l.training_name = r.training_name order by coalesce(l.expiry_date, ${never(dialect)}) desc, l.id desc limit 1)`;
  return `insert into compliance_items (worker_id, kind, ref, due_date, sort_id)
    select r.worker_id, 'training', r.training_name, ${latest}, ${record} from training_records r
    join workers w on w.id = r.worker_id
    where ${where} and ${active('w')}
    group by r.worker_id, r.training_name
    having ${latest} < ${never(dialect)}`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypesFor(db);
  const dialect: Dialect = isPostgres(db) ? 'postgres' : 'sqlite';
  await db.schema
    .createTable('compliance_items')
    .addColumn('worker_id', t.id, (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('ref', 'text', (col) => col.notNull())
    .addColumn('due_date', t.date, (col) => col.notNull())
    .addColumn('sort_id', t.id, (col) => col.notNull())
    .addPrimaryKeyConstraint('compliance_items_pk', ['worker_id', 'kind', 'ref'])
    .execute();
  // The page's first items in date order, index only (the worker's row is read for those shown).
  await db.schema
    .createIndex('compliance_items_due_idx')
    .on('compliance_items')
    .columns(['due_date', 'kind', 'sort_id', 'worker_id', 'ref'])
    .execute();
  await db.schema
    .createTable('compliance_day_counts')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('due_date', t.date, (col) => col.notNull())
    .addColumn('items', 'integer', (col) => col.notNull().check(sql`items >= 0`))
    .addPrimaryKeyConstraint('compliance_day_counts_pk', ['due_date', 'kind'])
    // SQLite: the rows in key order, so the window's sum reads one range and no table row beside it.
    .$call((table) => (dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
    .execute();

  // Filled from the data as it is, before the triggers exist.
  await sql.raw(workerItems(dialect, 'workers', 'true')).execute(db);
  await sql.raw(trainingItems(dialect, 'r.worker_id is not null')).execute(db);
  await sql`insert into compliance_day_counts (kind, due_date, items)
    select kind, due_date, count(*) from compliance_items group by kind, due_date`.execute(db);

  if (dialect === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  // The day counts follow the items.
  const add = (row: string) => `insert into compliance_day_counts (kind, due_date, items)
    values (${row}.kind, ${row}.due_date, 1)
    on conflict (due_date, kind) do update set items = items + 1;`;
  const remove = (row: string) => `update compliance_day_counts set items = items - 1
    where due_date = ${row}.due_date and kind = ${row}.kind;
    delete from compliance_day_counts where due_date = ${row}.due_date and kind = ${row}.kind and items = 0;`;
  await run(`create trigger compliance_day_counts_insert after insert on compliance_items begin ${add('new')} end`);
  await run(`create trigger compliance_day_counts_delete after delete on compliance_items begin ${remove('old')} end`);
  await run(`create trigger compliance_day_counts_update after update on compliance_items
    begin ${remove('old')} ${add('new')} end`);

  // A worker's items are recomputed whole when a column they depend on changes.
  const rebuildWorker = (id: string) => `${workerItems('sqlite', 'workers', `w.id = ${id}`)};
    ${trainingItems('sqlite', `r.worker_id = ${id}`)};`;
  const dropWorker = (id: string) => `delete from compliance_items where worker_id = ${id};`;
  await run(
    `create trigger compliance_items_worker_insert after insert on workers begin ${rebuildWorker('new.id')} end`,
  );
  await run(`create trigger compliance_items_worker_delete after delete on workers begin ${dropWorker('old.id')} end`);
  // An update recomputes the worker's own items; the courses only when the worker starts or stops counting.
  const moved = `(old.id <> new.id or ${active('old')} <> ${active('new')})`;
  await run(`create trigger compliance_items_worker_update after update of id, ${WORKER_COLUMNS.join(', ')} on workers
    begin
      delete from compliance_items where worker_id = old.id and kind <> 'training';
      ${workerItems('sqlite', 'workers', 'w.id = new.id')};
      delete from compliance_items where worker_id = old.id and kind = 'training' and ${moved};
      ${trainingItems('sqlite', `r.worker_id = new.id and ${moved}`)};
    end`);

  // A course's item is recomputed when one of its records changes.
  const course = (row: string) => `delete from compliance_items
    where worker_id = ${row}.worker_id and kind = 'training' and ref = ${row}.training_name;
    ${trainingItems('sqlite', `r.worker_id = ${row}.worker_id and r.training_name = ${row}.training_name`)};`;
  await run(
    `create trigger compliance_items_training_insert after insert on training_records begin ${course('new')} end`,
  );
  await run(
    `create trigger compliance_items_training_delete after delete on training_records begin ${course('old')} end`,
  );
  await run(`create trigger compliance_items_training_update
    after update of worker_id, training_name, expiry_date on training_records
    begin ${course('old')} ${course('new')} end`);

  // A worker's KETs item is recomputed when a letter of theirs is recorded or goes.
  const letter = (
    row: string,
  ) => `delete from compliance_items where worker_id = ${row}.worker_id and kind = 'employment_letter';
    ${workerItems('sqlite', 'workers', `w.id = ${row}.worker_id`, true)};`;
  await run(
    `create trigger compliance_items_letter_insert after insert on employment_letters begin ${letter('new')} end`,
  );
  await run(
    `create trigger compliance_items_letter_delete after delete on employment_letters begin ${letter('old')} end`,
  );
  await run(`create trigger compliance_items_letter_update after update of worker_id on employment_letters
    begin ${letter('old')} ${letter('new')} end`);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  // The day counts follow the items, one aggregate per statement, upserted in key order (as 0010).
  await run(`create function compliance_day_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        update compliance_day_counts c set items = c.items - gone.n
        from (select due_date, kind, count(*) as n from old_rows group by 1, 2) gone
        where c.due_date = gone.due_date and c.kind = gone.kind;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into compliance_day_counts (kind, due_date, items)
        select kind, due_date, count(*) from new_rows group by due_date, kind order by due_date, kind
        on conflict (due_date, kind) do update set items = compliance_day_counts.items + excluded.items;
      end if;
      if tg_op in ('DELETE', 'UPDATE') then
        delete from compliance_day_counts c
        using (select distinct due_date, kind from old_rows) gone
        where c.due_date = gone.due_date and c.kind = gone.kind and c.items = 0;
      end if;
      return null;
    end $$`);
  await run(`create trigger compliance_day_counts_insert after insert on compliance_items
    referencing new table as new_rows for each statement execute function compliance_day_counts_apply()`);
  await run(`create trigger compliance_day_counts_update after update on compliance_items
    referencing old table as old_rows new table as new_rows for each statement execute function compliance_day_counts_apply()`);
  await run(`create trigger compliance_day_counts_delete after delete on compliance_items
    referencing old table as old_rows for each statement execute function compliance_day_counts_apply()`);

  // Workers: the statement's rows are locked by the statement itself. An update recomputes only the
  // workers whose item columns changed.
  const changed = WORKER_COLUMNS.map((column) => `o.${column} is distinct from n.${column}`).join(' or ');
  await run(`create function compliance_items_workers() returns trigger language plpgsql as $$
    declare
      changed_ids uuid[];
      moved_ids uuid[];
    begin
      if tg_op = 'UPDATE' then
        select array_agg(id) into changed_ids from (
          select n.id from new_rows n join old_rows o on o.id = n.id where ${changed}
          union select o.id from old_rows o where not exists (select 1 from new_rows n where n.id = o.id)
          union select n.id from new_rows n where not exists (select 1 from old_rows o where o.id = n.id)
        ) c;
        if changed_ids is null then
          return null;
        end if;
        delete from compliance_items where worker_id = any(changed_ids) and kind <> 'training';
        ${workerItems('postgres', 'workers', 'w.id = any(changed_ids)')};
        -- The courses only of the workers that start or stop counting.
        select array_agg(id) into moved_ids from (
          select n.id from new_rows n join old_rows o on o.id = n.id where ${active('o')} <> ${active('n')}
          union select o.id from old_rows o where not exists (select 1 from new_rows n where n.id = o.id)
          union select n.id from new_rows n where not exists (select 1 from old_rows o where o.id = n.id)
        ) c;
        if moved_ids is not null then
          delete from compliance_items where worker_id = any(moved_ids) and kind = 'training';
          ${trainingItems('postgres', 'r.worker_id = any(moved_ids)')};
        end if;
      elsif tg_op = 'DELETE' then
        delete from compliance_items i using old_rows o where i.worker_id = o.id;
      else
        ${workerItems('postgres', 'new_rows', 'true')};
        ${trainingItems('postgres', 'r.worker_id in (select id from new_rows)')};
      end if;
      return null;
    end $$`);
  await run(`create trigger compliance_items_workers_insert after insert on workers
    referencing new table as new_rows for each statement execute function compliance_items_workers()`);
  await run(`create trigger compliance_items_workers_update after update on workers
    referencing old table as old_rows new table as new_rows for each statement execute function compliance_items_workers()`);
  await run(`create trigger compliance_items_workers_delete after delete on workers
    referencing old table as old_rows for each statement execute function compliance_items_workers()`);

  // Training records: each course touched is recomputed, its worker locked first.
  await run(`create function compliance_items_courses(courses jsonb) returns void language plpgsql as $$
    begin
      perform 1 from workers where id in (select distinct (c->>'w')::uuid from jsonb_array_elements(courses) c)
        order by id for no key update;
      delete from compliance_items i
        using (select distinct (c->>'w')::uuid as w, c->>'n' as n from jsonb_array_elements(courses) c) k
        where i.worker_id = k.w and i.kind = 'training' and i.ref = k.n;
      ${trainingItems(
        'postgres',
        `(r.worker_id, r.training_name) in (select (c->>'w')::uuid, c->>'n' from jsonb_array_elements(courses) c)`,
      )};
    end $$`);
  const courses = (table: string) =>
    `(select coalesce(jsonb_agg(distinct jsonb_build_object('w', worker_id, 'n', training_name)), '[]') from ${table} where worker_id is not null)`;
  await run(`create function compliance_items_training() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform compliance_items_courses(${courses('new_rows')});
      elsif tg_op = 'DELETE' then
        perform compliance_items_courses(${courses('old_rows')});
      else
        perform compliance_items_courses(${courses('(select worker_id, training_name from old_rows union select worker_id, training_name from new_rows) x')});
      end if;
      return null;
    end $$`);
  await run(`create trigger compliance_items_training_insert after insert on training_records
    referencing new table as new_rows for each statement execute function compliance_items_training()`);
  await run(`create trigger compliance_items_training_update after update on training_records
    referencing old table as old_rows new table as new_rows for each statement execute function compliance_items_training()`);
  await run(`create trigger compliance_items_training_delete after delete on training_records
    referencing old table as old_rows for each statement execute function compliance_items_training()`);

  // Employment letters: the KETs item of each worker touched, the worker locked first.
  await run(`create function compliance_items_letters(workers_touched uuid[]) returns void language plpgsql as $$
    begin
      perform 1 from workers where id = any(workers_touched) order by id for no key update;
      delete from compliance_items where worker_id = any(workers_touched) and kind = 'employment_letter';
      ${workerItems('postgres', 'workers', 'w.id = any(workers_touched)', true)};
    end $$`);
  const touched = (table: string) => `(select array_agg(distinct worker_id) from ${table} where worker_id is not null)`;
  await run(`create function compliance_items_letter() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform compliance_items_letters(${touched('new_rows')});
      elsif tg_op = 'DELETE' then
        perform compliance_items_letters(${touched('old_rows')});
      else
        perform compliance_items_letters(${touched('(select worker_id from old_rows union select worker_id from new_rows) x')});
      end if;
      return null;
    end $$`);
  await run(`create trigger compliance_items_letter_insert after insert on employment_letters
    referencing new table as new_rows for each statement execute function compliance_items_letter()`);
  await run(`create trigger compliance_items_letter_update after update on employment_letters
    referencing old table as old_rows new table as new_rows for each statement execute function compliance_items_letter()`);
  await run(`create trigger compliance_items_letter_delete after delete on employment_letters
    referencing old table as old_rows for each statement execute function compliance_items_letter()`);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward only');
}
