// An organization unit as the API shows it.
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

export const STATUSES = ['active', 'retired'] as const;

/** The contract's Organization unit. */
export const OrganizationUnit = Obj({
  id: Int(),
  organization_id: Int(),
  code: Str({ example: 'BLR' }),
  name: Str(),
  timezone: Str({ example: 'Asia/Kolkata' }),
  status: Enum(STATUSES),
  is_active: Bool(),
  retired_at: Nullable(DateTime()),
  created_at: Nullable(DateTime()),
  updated_at: Nullable(DateTime()),
});
export type UnitView = Shape<typeof OrganizationUnit>;

const ids = (description?: string) => List(Int(), { description });

/** One listed employee's primary deployment moved to the target unit. */
export const UnitTransfer = Obj({
  employee_id: Int(),
  from_deployment_id: Int({ description: 'ended on effective_date' }),
  to_deployment_id: Nullable(
    Int({ description: 'the new primary, from the day after; null in a dry run (not yet created)' }),
  ),
  target_unit_id: Int(),
  demoted_primary_deployment_ids: ids(),
});

/** A unit retirement's cascade, as the organization cascade repeats it per unit. */
export const unitCascadeFields = {
  unit: OrganizationUnit,
  deployments_transferred: List(UnitTransfer),
  deployments_ended: ids('primary deployments of unlisted employees'),
  shifts_cancelled: ids('planned shifts at the unit after effective_date'),
};

/** POST /units/{id}/retire: the contract's retire result. */
export const UnitRetireResult = Obj({ dry_run: Bool(), effective_date: DateOnly(), ...unitCascadeFields });

export function serializeUnit(row: any): UnitView {
  return fromRow(OrganizationUnit, row, {});
}
