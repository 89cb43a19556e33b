// `wfctl unit retire UNIT --effective-date DATE --reason TEXT [--transfer EMPLOYEE=UNIT …]`:
// unit.retire, as POST /units/{id}/retire runs it.
import React from 'react';
import type { Command } from 'commander';
import { UsageError } from '../../../core/errors.js';
import { retireUnit } from '../../../workforce/units/operations/retire-unit.js';
import { workforceActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import type { FieldFlag } from '../../input-flags.js';
import { commandGroup } from '../../group.js';
import { RetireUnitView } from '../../views/unit.js';
import { unitArg } from '../../lookup.js';

/** `E042=ACME/MUM` → the names the operation resolves (its `transfer`): only the syntax is read here. */
function transferPair(pair: string): { employee: string; unit: string } {
  const eq = pair.indexOf('=');
  if (eq <= 0 || eq === pair.length - 1) {
    throw new UsageError(`--transfer must look like EMPLOYEE=ORG/UNIT (got "${pair}").`, {
      '--transfer': ['expected EMPLOYEE=ORG/UNIT'],
    });
  }
  return { employee: pair.slice(0, eq), unit: pair.slice(eq + 1) };
}

/** --effective-date and --reason of `unit retire` and `org retire`. */
export const retireFields = (lastDay: string, why: string): Record<string, FieldFlag> => ({
  effective_date: { description: `${lastDay}, YYYY-MM-DD`, prompt: 'Effective date (YYYY-MM-DD)?' },
  reason: { flags: '--reason <text>', description: why, prompt: 'Reason?' },
});

export function register(program: Command): void {
  commandGroup(program, 'unit', 'Organization units');
  commandFor(program, retireUnit, {
    path: 'unit retire',
    description: 'Retire a unit: move or end its primary deployments, cancel its later shifts',
    args: [unitArg],
    input: {
      skip: ['unit_id', 'transfer_map'],
      fields: retireFields('last day of the unit', 'why the unit is retired'),
    },
    flags: [
      {
        flags: '--transfer <employee=unit>',
        description:
          'move an employee’s primary deployment to another unit from the next day (repeatable): E042=ACME/MUM',
        repeatable: true,
        field: 'transfer',
      },
    ],
    examples: [
      'wfctl unit retire ACME/BLR --effective-date 2026-03-31 --reason "Site closed" --dry-run',
      'wfctl unit retire ACME/BLR --effective-date 2026-03-31 --reason "Site closed" --transfer A1001=ACME/MUM --yes',
    ],
    context: workforceActor,
    confirm: (args, flags) => `Retire unit ${args.unit} effective ${flags.effectiveDate}?`,
    toInput: async (_args, flags) => ({ transfer: (flags.transfer as string[]).map(transferPair) }),
    names: (r) => ({
      employees: r.deployments_transferred.map((x) => x.employee_id),
      units: r.deployments_transferred.map((x) => x.target_unit_id),
    }),
    view: (result, _flags, names) => <RetireUnitView result={result} names={names} />,
  });
}
