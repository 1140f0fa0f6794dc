/**
 * Decision 091's import budget alone, through the built server as `npm run bench` measures it, without
 * the rest of the bench: `npx tsx bench/src/cli/measure-import.ts [sqlite|postgres] [turns]`. A 2,000-worker
 * demo set, a month five years back (no timesheets), 50,000 rows previewed and imported; each further
 * turn imports another month back.
 */
import { attendanceCsv, attendanceImportAsTheScreen, IMPORT_WORKERS } from '../attendance-import.ts';
import { Client, currentMonth, fillWithDemo, postgresStore, type Store, sqliteStore, startProduct } from '../stack.ts';

const database = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const turns = Number(process.argv[3] ?? 2);
const password = 'measure-import-password';
const store: Store =
  database === 'postgres'
    ? await postgresStore(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
    : sqliteStore();
try {
  const filled = await fillWithDemo(store, { workers: IMPORT_WORKERS, months: 1, password });
  await store.settle();
  const server = await startProduct(store, { webDist: null });
  try {
    const client = new Client(server.origin);
    await client.signIn(filled.email, password);
    const codes: string[] = [];
    for (let page = 1; codes.length < IMPORT_WORKERS; page += 1) {
      const list = await client.json<{ items: Array<{ worker_id: string }> }>(
        'GET',
        `/api/workers?page=${page}&pageSize=100`,
      );
      if (list.body.items.length === 0) break;
      codes.push(...list.body.items.map((worker) => worker.worker_id));
    }
    const [year, month] = currentMonth().start.split('-');
    for (let turn = 0; turn < turns; turn += 1) {
      const csv = attendanceCsv(codes.slice(0, IMPORT_WORKERS), `${Number(year) - 5 - turn}-${month}`);
      const timing = await attendanceImportAsTheScreen(client, csv);
      console.log(
        `${database}: ${timing.rows} rows (${(csv.length / 1e6).toFixed(1)} MB), preview ${timing.previewSeconds.toFixed(2)} s, import ${timing.importSeconds.toFixed(2)} s, created ${timing.created}`,
      );
    }
  } finally {
    await server.stop();
  }
} finally {
  await store.dispose();
}
