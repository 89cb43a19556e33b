// The workforce catalogue: every read and write the workforce contract names, by stable name.
// Routes (src/workforce/**/routes.ts), commands (src/cli/commands/**) and scheduled jobs run these
// through runOperation; test/core/catalogue.test.ts walks this list.
import type { AnyOperation } from '../core/operation.js';
import { offboardEmployee } from './employees/operations/offboard-employee.js';
import { getEmployee, listEmployees } from './employees/operations/read-employees.js';
import {
  listDevices,
  listLeaves,
  listRegularizations,
  listShiftAssignments,
} from './employees/operations/employee-lists.js';
import { getOrganization, listOrganizations } from './organizations/operations/read-organizations.js';
import { retireOrganization } from './organizations/operations/retire-organization.js';
import { updateOrganizationSettings } from './organizations/operations/update-settings.js';
import { getUnit, listUnits } from './units/operations/read-units.js';
import { retireUnit } from './units/operations/retire-unit.js';
import { getDeployment } from './deployments/operations/read-deployment.js';
import { createDeployment } from './deployments/operations/create-deployment.js';
import { closeDeployment } from './deployments/operations/close-deployment.js';
import { transferEmployee } from './deployments/operations/transfer-employee.js';
import { approveDevice, revokeDevice } from './devices/operations/change-device-status.js';
import { listAllDevices } from './devices/operations/list-devices.js';
import { importRecords } from './import/operations/import-records.js';
import { listAuditEntries } from './audit/operations/list-audit-entries.js';
import { login } from './identity/operations/login.js';
import { logout, logoutAll } from './identity/operations/logout.js';
import { showMe } from './identity/operations/me.js';
import { createUser } from './identity/operations/create-user.js';
import { listUsers } from './identity/operations/list-users.js';
import { disableUser } from './identity/operations/disable-user.js';
import { changeRoles } from './identity/operations/change-roles.js';
import { revokeTokens } from './identity/operations/revoke-tokens.js';
import { addPartner } from './partners/registry/operations/add-partner.js';
import { listPartners } from './partners/registry/operations/list-partners.js';
import { createPartnerToken, revokePartnerTokens } from './partners/registry/operations/partner-tokens.js';
import {
  promoteSigningSecret,
  rotateSigningSecret,
  showSigningSecrets,
} from './partners/registry/operations/signing-secrets.js';
import { pushToPartners } from './partners/deliveries/operations/push-to-partners.js';
import { listDeliveries } from './partners/deliveries/operations/list-deliveries.js';
import { redeliverBatch } from './partners/deliveries/operations/redeliver.js';
import { pullLockedMonth } from './partners/pull/pull-month.js';
import { checkHealth, checkReady, ping } from './system/operations/system-checks.js';
import { recordPunch } from './attendance/operations/record-punch.js';
import { listAttendances } from './attendance/operations/list-attendances.js';
import { lockMonth } from './attendance/operations/lock-month.js';
import { lockDueMonth } from './attendance/operations/lock-due-month.js';
import { unlockMonth } from './attendance/operations/unlock-month.js';
import { lockGrid } from './attendance/operations/lock-grid.js';
import { closeFinancialYear } from './financial-years/operations/close-financial-year.js';
import { completeFinancialYearClose } from './financial-years/operations/complete-close.js';
import { showFinancialYear } from './financial-years/operations/show-financial-year.js';
import { listFinancialYears } from './financial-years/operations/list-financial-years.js';
import { exportAttendance } from './exports/operations/export-attendance.js';
import { fileCorrectionRequest } from './attendance/correction-requests/operations/file-request.js';
import { listCorrectionRequests } from './attendance/correction-requests/operations/list-requests.js';
import { approveRequest } from './attendance/correction-requests/operations/approve-request.js';
import { rejectRequest } from './attendance/correction-requests/operations/reject-request.js';

export const workforceOperations: AnyOperation[] = [
  // -- records: employees, units, organizations, deployments, devices, import
  offboardEmployee,
  getEmployee,
  listEmployees,
  listShiftAssignments,
  listLeaves,
  listRegularizations,
  listDevices,
  transferEmployee,
  getOrganization,
  listOrganizations,
  retireOrganization,
  updateOrganizationSettings,
  getUnit,
  listUnits,
  retireUnit,
  getDeployment,
  createDeployment,
  closeDeployment,
  approveDevice,
  revokeDevice,
  listAllDevices,
  importRecords,
  listAuditEntries,
  // -- attendance: punches, lists, month locks, financial years, exports
  recordPunch,
  listAttendances,
  lockMonth,
  lockDueMonth, // the automatic month lock (src/workforce/attendance/month-lock-job.ts)
  unlockMonth,
  lockGrid,
  fileCorrectionRequest, // correction requests against a locked month (issue 28)
  listCorrectionRequests,
  approveRequest,
  rejectRequest,
  closeFinancialYear,
  completeFinancialYearClose, // the queued close job (src/workforce/financial-years/jobs.ts)
  showFinancialYear,
  listFinancialYears,
  exportAttendance,
  // -- identity and partners: login, tokens, users, roles, partners, push, pull
  login,
  logout,
  logoutAll,
  showMe,
  createUser,
  listUsers,
  disableUser,
  changeRoles,
  revokeTokens,
  addPartner,
  listPartners,
  createPartnerToken,
  revokePartnerTokens,
  rotateSigningSecret,
  promoteSigningSecret,
  showSigningSecrets,
  pushToPartners,
  listDeliveries,
  redeliverBatch,
  pullLockedMonth,
  // -- system
  checkHealth,
  checkReady,
  ping,
];
