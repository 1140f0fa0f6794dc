/**
 * What the admin-charges module offers the other modules (decision 075): the payslips module reads and
 * deducts a worker's charges of a pay period ("deduct admin charges", SPEC 4 and 9) through this file
 * only, never the module's repository directly (`npm run lint` checks it).
 */
export {
  type ChargeLine,
  type ChargeTypeTotal,
  chargeIdsToDeduct,
  listChargesForWorker,
  markChargesDeducted,
  sumChargesByWorker,
  sumChargesForWorker,
  type WorkerPeriod,
} from './admin-charges.repository.ts';
export { AUDIT_ENTITY as ADMIN_CHARGE_AUDIT_ENTITY } from './admin-charges.service.ts';
