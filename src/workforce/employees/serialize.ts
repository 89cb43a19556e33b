// An employee as the API shows it, with its deployments, and the offboard cascade's summary.
import {
  Bool,
  DateOnly,
  DateTime,
  Int,
  List,
  Nullable,
  Obj,
  Str,
  type Shape,
  fromRow,
} from '../../core/shape.js';

import { EmployeeDeployment } from '../deployments/serialize.js';

/** The contract's Employee. */
export const Employee = Obj({
  id: Int(),
  employee_id: Str({ example: 'E042', description: 'the code used in attendance records' }),
  organization_id: Int(),
  user_id: Nullable(Int()),
  name: Str(),
  email: Nullable(Str()),
  is_active: Bool(),
  last_working_day: Nullable(DateOnly()),
  exit_reason: Nullable(Str()),
  deleted_at: Nullable(DateTime({ description: 'set once offboarded' })),
  created_at: Nullable(DateTime()),
  updated_at: Nullable(DateTime()),
});
export type EmployeeView = Shape<typeof Employee>;

/** GET /employees/{id}: the employee and every deployment, oldest first. */
export const EmployeeWithDeployments = Obj({ ...Employee.properties, deployments: List(EmployeeDeployment) });

const ids = List(Int());

/** POST /employees/{id}/offboard: the cascade's summary, step by step. */
export const OffboardResult = Obj({
  dry_run: Bool(),
  employee: Employee,
  deployments_ended: ids,
  shifts_cancelled: ids,
  devices_revoked: ids,
  tokens_deleted: ids,
  leaves_rejected: ids,
  regularizations_rejected: ids,
  roles_removed: List(Obj({ role: Str(), organization_id: Nullable(Int()) })),
  user_deactivated: Nullable(Int({ description: 'the user id, when there is one' })),
});

export function serializeEmployee(row: any): EmployeeView {
  return fromRow(Employee, row, {
    user_id: row.user_id === null || row.user_id === undefined ? null : Number(row.user_id),
  });
}
