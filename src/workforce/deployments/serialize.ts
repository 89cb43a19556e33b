// A deployment as the API shows it.
import {
  Bool,
  DateOnly,
  DateTime,
  Enum,
  Int,
  List,
  Nullable,
  Obj,
  type Shape,
  fromRow,
} from '../../core/shape.js';

/** The contract's EmployeeDeployment record. */
export const EmployeeDeployment = Obj({
  id: Int(),
  employee_id: Int({ description: 'the employee record id' }),
  organization_unit_id: Int(),
  starts_on: DateOnly(),
  ends_on: Nullable(DateOnly({ description: 'null: open' })),
  is_primary: Bool(),
  created_at: Nullable(DateTime()),
  updated_at: Nullable(DateTime()),
});
export type DeploymentView = Shape<typeof EmployeeDeployment>;

/**
 * What opening a primary did to an overlapping one. `demoted`: it lay inside the new span and is now
 * secondary. `split`: it stays primary on its days outside the new span (ended the day before the
 * new one starts, and/or resumed the day after it ends), the overlap becomes a secondary piece.
 */
export const PrimaryChange = Obj({
  deployment_id: Int(),
  action: Enum(['demoted', 'split'] as const),
  pieces: List(Obj({ id: Int(), starts_on: DateOnly(), ends_on: Nullable(DateOnly()), is_primary: Bool() })),
});

/** POST /deployments: the new deployment and what it did to overlapping primaries. */
export const DeploymentCreated = Obj({
  dry_run: Bool(),
  deployment: Obj({
    ...EmployeeDeployment.properties,
    id: Nullable(
      Int({ description: 'null in a dry run: a new record’s id exists only once it is committed' }),
    ),
  }),
  demoted_primary_deployment_ids: List(Int(), {
    description: 'the rows now secondary: a wholly demoted primary, or the overlap piece of a split one',
  }),
  primary_changes: List(PrimaryChange, {
    description:
      'each overlapping primary: demoted whole, or split around the new span (its past stays primary)',
  }),
});

/** With force: a primary the deployment's opening had taken days from, whole and primary again. */
export const RestoredPrimary = Obj({
  deployment_id: Int(),
  starts_on: DateOnly(),
  ends_on: Nullable(DateOnly()),
  is_primary: Bool(),
  removed_deployment_ids: List(Int(), { description: 'the pieces of the split, deleted again' }),
});

/** DELETE /deployments/{id}: closed, or deleted with force. */
export const DeploymentClosed = Obj({
  dry_run: Bool(),
  deleted: Bool({ description: 'true with force: the row no longer exists; deployment is what it was' }),
  deployment: EmployeeDeployment,
  restored: List(RestoredPrimary, {
    description:
      'with force: each primary the deployment’s opening had taken days from (demoted, split, or ended by a transfer), whole and primary again',
  }),
});

export function serializeDeployment(row: any): DeploymentView {
  return fromRow(EmployeeDeployment, row, {});
}
