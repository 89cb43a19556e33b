// Every command of `wfctl`, one file each under src/cli/commands/, its path mirroring the command
// (`wfctl partner secret rotate` → commands/partner/secret/rotate.tsx). Each file exports
// `register(program)`; most are `commandFor(program, operation, …)` over a catalogue operation.
import type { Command } from 'commander';
import * as offboard from './offboard.js';
import * as importCommand from './import.js';
import * as transfer from './transfer.js';
import * as employeeList from './employee/list.js';
import * as employeeShow from './employee/show.js';
import * as orgList from './org/list.js';
import * as orgRetire from './org/retire.js';
import * as orgSet from './org/set.js';
import * as unitList from './unit/list.js';
import * as unitRetire from './unit/retire.js';
import * as deploymentCreate from './deployment/create.js';
import * as deploymentClose from './deployment/close.js';
import * as deviceApprove from './device/approve.js';
import * as deviceRevoke from './device/revoke.js';
import * as deviceList from './device/list.js';
import * as completion from './completion.js';
import * as migrateLatest from './migrate/latest.js';
import * as migrateStatus from './migrate/status.js';
import * as migrateRollback from './migrate/rollback.js';
import * as migrateUnlock from './migrate/unlock.js';
import * as lock from './lock.js';
import * as unlock from './unlock.js';
import * as locks from './locks.js';
import * as fyClose from './fy/close.js';
import * as fyShow from './fy/show.js';
import * as fyList from './fy/list.js';
import * as exportCommand from './export.js';
import * as schedule from './schedule.js';
import * as scheduleRun from './schedule/run.js';
import * as jobs from './jobs.js';
import * as jobsShow from './jobs/show.js';
import * as jobsWork from './jobs/work.js';
import * as mailList from './mail/list.js';
import * as mailShow from './mail/show.js';
import * as mailRetry from './mail/retry.js';
import * as tenantCreate from './tenant/create.js';
import * as tenantList from './tenant/list.js';
import * as tenantDashboard from './tenant/dashboard.js';
import * as tenantProfile from './tenant/profile.js';
import * as tenantMemberAdd from './tenant/member/add.js';
import * as tenantMemberRemove from './tenant/member/remove.js';
import * as tenantMemberList from './tenant/member/list.js';
import * as clientList from './client/list.js';
import * as petList from './pet/list.js';
import * as petCreate from './pet/create.js';
import * as petUpdate from './pet/update.js';
import * as appointmentList from './appointment/list.js';
import * as appointmentBook from './appointment/book.js';
import * as appointmentStatus from './appointment/status.js';
import * as appointmentReschedule from './appointment/reschedule.js';
import * as invoiceList from './invoice/list.js';
import * as invoiceCreate from './invoice/create.js';
import * as invoiceRecordPayment from './invoice/record-payment.js';
import * as orderList from './order/list.js';
import * as orderAccept from './order/accept.js';
import * as orderReject from './order/reject.js';
import * as orderFulfill from './order/fulfill.js';
import * as gatewayEvents from './gateway/events.js';
import * as gatewayResolve from './gateway/resolve.js';
import * as healthLogList from './health-log/list.js';
import * as clinicRecount from './clinic/recount.js';
import * as userCreate from './user/create.js';
import * as userList from './user/list.js';
import * as userDisable from './user/disable.js';
import * as userRoles from './user/roles.js';
import * as tokenRevoke from './token/revoke.js';
import * as partnerAdd from './partner/add.js';
import * as partnerList from './partner/list.js';
import * as partnerTokenCreate from './partner/token/create.js';
import * as partnerTokenRevoke from './partner/token/revoke.js';
import * as partnerSecretRotate from './partner/secret/rotate.js';
import * as partnerSecretPromote from './partner/secret/promote.js';
import * as partnerSecretShow from './partner/secret/show.js';
import * as partnerPush from './partner/push.js';
import * as partnerDeliveries from './partner/deliveries.js';
import * as partnerRedeliver from './partner/redeliver.js';
import * as partnerVerify from './partner/verify.js';

const COMMANDS: Array<{ register(program: Command): void }> = [
  completion,
  // the database
  migrateLatest,
  migrateStatus,
  migrateRollback,
  migrateUnlock,
  // records: import, employees, organizations, units, deployments, devices, lifecycle cascades
  importCommand,
  employeeList,
  employeeShow,
  offboard,
  transfer,
  orgList,
  orgRetire,
  orgSet,
  unitList,
  unitRetire,
  deploymentCreate,
  deploymentClose,
  deviceApprove,
  deviceRevoke,
  deviceList,
  // attendance: locks, financial years, exports; the schedule and the job queue
  lock,
  unlock,
  locks,
  fyClose,
  fyShow,
  fyList,
  exportCommand,
  schedule,
  scheduleRun,
  jobs,
  jobsShow,
  jobsWork,
  // clinic accounts and tenants: tenants, their members, their clients
  tenantCreate,
  tenantList,
  tenantDashboard,
  tenantProfile,
  tenantMemberAdd,
  tenantMemberRemove,
  tenantMemberList,
  clientList,
  // clinic records: pets, appointments, invoices and payments, the order queue, the gateway's
  // deliveries, patients' health journals
  petList,
  petCreate,
  petUpdate,
  appointmentList,
  appointmentBook,
  appointmentStatus,
  appointmentReschedule,
  invoiceList,
  invoiceCreate,
  invoiceRecordPayment,
  orderList,
  orderAccept,
  orderReject,
  orderFulfill,
  gatewayEvents,
  gatewayResolve,
  healthLogList,
  // the tenants' counters (list totals, dashboard counts) against COUNT(*)
  clinicRecount,
  // the outbox of the emails the service sends
  mailList,
  mailShow,
  mailRetry,
  // workforce identity and partners: users, roles, tokens, partners, the push and its ledger
  userCreate,
  userList,
  userDisable,
  userRoles,
  tokenRevoke,
  partnerAdd,
  partnerList,
  partnerTokenCreate,
  partnerTokenRevoke,
  partnerSecretRotate,
  partnerSecretPromote,
  partnerSecretShow,
  partnerPush,
  partnerDeliveries,
  partnerRedeliver,
  partnerVerify,
];

export function registerCommands(program: Command): void {
  for (const command of COMMANDS) command.register(program);
}
