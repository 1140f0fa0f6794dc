/**
 * What the workers module offers the other modules (decision 072): they import from this file only,
 * never the module's repository or service directly (`npm run lint` checks it).
 */
export {
  findWorkerById,
  findWorkersSuppliedTo,
  insertWorkerRows,
  listSuppliedCompanies,
  type WorkerSeedRow,
  workerNameMatches,
} from './workers.repository.ts';
export { getWorker } from './workers.service.ts';
