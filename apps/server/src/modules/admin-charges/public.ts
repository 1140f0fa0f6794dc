/**
 * What the admin-charges module offers the other modules (decision 075): the payslips module reads,
 * records and deducts the charges of a payslip ("deduct admin charges", SPEC 4 and 9; decision 081)
 * through this file only, never the module's repository directly (`npm run lint` checks it).
 */
export {
  type ChargeLine,
  type ChargeTypeTotal,
  chargeIdsToDeduct,
  chargesByWorker,
  linkChargesToPayslips,
  listChargesOfPayslip,
  listPayrollCharges,
  markChargesDeducted,
  type PayrollCharge,
  type PayslipChargeLink,
  totalsByType,
} from './admin-charges.repository.ts';
export { AUDIT_ENTITY as ADMIN_CHARGE_AUDIT_ENTITY } from './admin-charges.service.ts';
