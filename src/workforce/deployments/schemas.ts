// Request schemas shared by the deployment routes and the transfer command.
import { idNumber, isoDate, yup } from '../../core/validation.js';

const positiveId = () => idNumber().required();

/** A new deployment's span and kind, however the employee and the unit are named. */
export const deploymentTerms = {
  starts_on: isoDate().required().meta({ example: '2026-02-01' }),
  ends_on: isoDate()
    .nullable()
    .optional()
    .test(
      'not-before-start',
      ({ path }) => `The ${path} field must not be before starts_on.`,
      (value, context) => value == null || !context.parent.starts_on || value >= context.parent.starts_on,
    )
    .meta({ description: 'omitted or null: open-ended' }),
  is_primary: yup.boolean().required(),
};

export const createDeploymentBody = yup.object({
  employee_id: positiveId().meta({ description: 'the employee record id' }),
  organization_unit_id: positiveId(),
  ...deploymentTerms,
});

export const closeDeploymentQuery = yup.object({
  force: yup.boolean().default(false).meta({ description: 'true: delete the row instead of closing it' }),
  dry_run: yup.boolean().default(false).meta({ description: 'true: return the summary and change nothing' }),
});

export const transferFlags = yup.object({
  on: isoDate().required().meta({ description: 'first day at the new unit' }),
});
