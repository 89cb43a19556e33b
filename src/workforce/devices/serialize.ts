// A device as the CLI and the approve/revoke endpoints show it, and as an employee's device list does.
import {
  Bool,
  DateTime,
  Enum,
  Int,
  List,
  Nullable,
  Obj,
  Str,
  type Shape,
  fromRow,
} from '../../core/shape.js';

import { DEVICE_STATUSES } from './transitions.js';

const deviceFields = {
  id: Int(),
  fingerprint: Str(),
  name: Nullable(Str()),
  status: Enum(DEVICE_STATUSES),
  approved_at: Nullable(DateTime()),
  revoked_at: Nullable(DateTime()),
};

/** The contract's Device, with its employee's code. */
export const Device = Obj({ ...deviceFields, employee_id: Str({ example: 'E042' }) });
export type DeviceBody = Shape<typeof Device>;

/** POST /devices/{id}/approve and /revoke. */
export const DeviceStatusChange = Obj({
  device: Device,
  changed: Bool({ description: 'false when the device already had the target status' }),
  previous_status: Enum(DEVICE_STATUSES),
  revoked_token_ids: List(Int()),
});

export function deviceBody(row: Record<string, any>, employeeCode: string): DeviceBody {
  return fromRow(Device, row, {
    employee_id: employeeCode,
  });
}

/** A device in an employee's device list (GET /employees/{id}/devices): the employee's record id. */
export const EmployeeDevice = Obj({
  ...deviceFields,
  employee_id: Int(),
  created_at: Nullable(DateTime()),
});

export function serializeDevice(row: any): Shape<typeof EmployeeDevice> {
  return fromRow(EmployeeDevice, row, {});
}
