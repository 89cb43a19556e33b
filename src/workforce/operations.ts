// The workforce catalogue: every read and write the workforce contract names, by stable name.
// Routes (src/workforce/**/routes.ts), commands (src/cli/commands/**) and scheduled jobs run these
// through runOperation; test/core/catalogue.test.ts walks this list.
import type { AnyOperation } from '../core/operation.js';
import { offboardEmployee } from './employees/operations/offboard-employee.js';

export const workforceOperations: AnyOperation[] = [
  // -- records: employees, units, organizations, deployments, devices, import
  offboardEmployee,
  // -- attendance: punches, lists, month locks, financial years, exports
  // -- identity and partners: login, tokens, users, roles, partners, push, pull
  // -- system
];
