// Every command of `wfctl`, one file each under src/cli/commands/, its path mirroring the command
// (`wfctl partner secret rotate` → commands/partner/secret/rotate.tsx). Each file exports
// `register(program)`; most are `commandFor(program, operation, …)` over a catalogue operation.
//
// The files are imported on demand: a run of `wfctl` imports only the file of the command it runs
// (src/cli/program.ts), and --help, a group's --help and shell completion read the command table
// (src/cli/command-table.ts, made from these files by `npm run commands`). The order here is the
// order of the commands in a group's --help.
import type { Command } from 'commander';

export interface CommandModule {
  register(program: Command): void;
}

export const COMMAND_MODULES: Record<string, () => Promise<CommandModule>> = {
  serve: () => import('./serve.js'),
  seed: () => import('./seed.js'),
  completion: () => import('./completion.js'),
  // the database
  'migrate/latest': () => import('./migrate/latest.js'),
  'migrate/status': () => import('./migrate/status.js'),
  'migrate/rollback': () => import('./migrate/rollback.js'),
  'migrate/unlock': () => import('./migrate/unlock.js'),
  // records: import, employees, organizations, units, deployments, devices, lifecycle cascades
  import: () => import('./import.js'),
  'employee/list': () => import('./employee/list.js'),
  'employee/show': () => import('./employee/show.js'),
  offboard: () => import('./offboard.js'),
  transfer: () => import('./transfer.js'),
  'org/list': () => import('./org/list.js'),
  'org/retire': () => import('./org/retire.js'),
  'org/set': () => import('./org/set.js'),
  'unit/list': () => import('./unit/list.js'),
  'unit/retire': () => import('./unit/retire.js'),
  'deployment/create': () => import('./deployment/create.js'),
  'deployment/close': () => import('./deployment/close.js'),
  'device/approve': () => import('./device/approve.js'),
  'device/revoke': () => import('./device/revoke.js'),
  'device/list': () => import('./device/list.js'),
  // attendance: locks, financial years, exports; the schedule and the job queue
  lock: () => import('./lock.js'),
  unlock: () => import('./unlock.js'),
  locks: () => import('./locks.js'),
  'attendance/requests/file': () => import('./attendance/requests/file.js'),
  'attendance/requests/list': () => import('./attendance/requests/list.js'),
  'attendance/requests/approve': () => import('./attendance/requests/approve.js'),
  'attendance/requests/reject': () => import('./attendance/requests/reject.js'),
  'fy/close': () => import('./fy/close.js'),
  'fy/show': () => import('./fy/show.js'),
  'fy/list': () => import('./fy/list.js'),
  export: () => import('./export.js'),
  schedule: () => import('./schedule.js'),
  'schedule/run': () => import('./schedule/run.js'),
  jobs: () => import('./jobs.js'),
  'jobs/show': () => import('./jobs/show.js'),
  'jobs/work': () => import('./jobs/work.js'),
  // clinic accounts and tenants: tenants, their members, their clients
  'tenant/create': () => import('./tenant/create.js'),
  'tenant/list': () => import('./tenant/list.js'),
  'tenant/dashboard': () => import('./tenant/dashboard.js'),
  'tenant/profile': () => import('./tenant/profile.js'),
  'tenant/reminders': () => import('./tenant/reminders.js'),
  'tenant/member/add': () => import('./tenant/member/add.js'),
  'tenant/member/remove': () => import('./tenant/member/remove.js'),
  'tenant/member/list': () => import('./tenant/member/list.js'),
  'client/list': () => import('./client/list.js'),
  // clinic records: pets, appointments, invoices and payments, the order queue, the gateway's
  // deliveries, patients' health journals
  'pet/list': () => import('./pet/list.js'),
  'pet/create': () => import('./pet/create.js'),
  'pet/update': () => import('./pet/update.js'),
  'appointment/list': () => import('./appointment/list.js'),
  'appointment/book': () => import('./appointment/book.js'),
  'appointment/status': () => import('./appointment/status.js'),
  'appointment/reschedule': () => import('./appointment/reschedule.js'),
  'invoice/list': () => import('./invoice/list.js'),
  'invoice/create': () => import('./invoice/create.js'),
  'invoice/record-payment': () => import('./invoice/record-payment.js'),
  'order/list': () => import('./order/list.js'),
  'order/accept': () => import('./order/accept.js'),
  'order/reject': () => import('./order/reject.js'),
  'order/fulfill': () => import('./order/fulfill.js'),
  'gateway/events': () => import('./gateway/events.js'),
  'gateway/resolve': () => import('./gateway/resolve.js'),
  'health-log/list': () => import('./health-log/list.js'),
  // the tenants' counters (list totals, dashboard counts) against COUNT(*)
  'clinic/recount': () => import('./clinic/recount.js'),
  'clinic/reminders/preview': () => import('./clinic/reminders/preview.js'),
  // the outbox of the emails the service sends
  'mail/list': () => import('./mail/list.js'),
  'mail/show': () => import('./mail/show.js'),
  'mail/retry': () => import('./mail/retry.js'),
  // workforce identity and partners: users, roles, tokens, partners, the push and its ledger
  'user/create': () => import('./user/create.js'),
  'user/list': () => import('./user/list.js'),
  'user/disable': () => import('./user/disable.js'),
  'user/roles': () => import('./user/roles.js'),
  'token/revoke': () => import('./token/revoke.js'),
  'partner/add': () => import('./partner/add.js'),
  'partner/list': () => import('./partner/list.js'),
  'partner/token/create': () => import('./partner/token/create.js'),
  'partner/token/revoke': () => import('./partner/token/revoke.js'),
  'partner/secret/rotate': () => import('./partner/secret/rotate.js'),
  'partner/secret/promote': () => import('./partner/secret/promote.js'),
  'partner/secret/show': () => import('./partner/secret/show.js'),
  'partner/push': () => import('./partner/push.js'),
  'partner/deliveries': () => import('./partner/deliveries.js'),
  'partner/redeliver': () => import('./partner/redeliver.js'),
  'partner/verify': () => import('./partner/verify.js'),
};
