// An organization as the API shows it.
import {
  Bool,
  DateOnly,
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

import { STATUSES, unitCascadeFields } from '../units/serialize.js';

/** The contract's Organization. */
export const Organization = Obj({
  id: Int(),
  code: Str({ example: 'ACME' }),
  name: Str(),
  timezone: Str({ example: 'Asia/Kolkata' }),
  status: Enum(STATUSES),
  is_active: Bool(),
  require_device_for_punches: Bool({
    description: "an employee's own punches need an approved device (X-Device-Fingerprint)",
  }),
  retired_at: Nullable(DateTime()),
  created_at: Nullable(DateTime()),
  updated_at: Nullable(DateTime()),
});
export type OrganizationView = Shape<typeof Organization>;

const StatusPair = Obj({ status: Str({ example: 'retired' }), is_active: Bool() });

/** POST /organizations/{id}/retire: the contract's retire result, with each unit's cascade. */
export const OrganizationRetireResult = Obj({
  dry_run: Bool(),
  changed: Bool({ description: 'false: it was already retired and nothing changed' }),
  organization: Organization,
  effective_date: DateOnly(),
  before: StatusPair,
  after: StatusPair,
  // dry_run and effective_date are the organization's, given once at the top level
  units: List(Obj(unitCascadeFields), {
    description: 'one unit retirement summary per unit that was active',
  }),
});

export function serializeOrganization(row: any): OrganizationView {
  return fromRow(Organization, row, {});
}
