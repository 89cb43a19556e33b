// What an export names: an organization, a pay month, optionally a unit, by id (the query of
// GET /exports/attendance.csv), or by code (the CLI's --org and --unit, which attendance.export
// resolves; the route's query has no such fields).
import { organizationName } from '../refs.js';
import { idNumber, isoMonth, yup } from '../../core/validation.js';

export const exportQuerySchema = yup
  .object({
    org_id: idNumber().required(),
    month: isoMonth().required(),
    unit_id: idNumber(),
    allow_unlocked: yup.boolean().default(false),
  })
  .required();

/** attendance.export's input: the query, the organization and unit also as a person types them. */
export const exportInput = yup.object({
  org_id: idNumber(),
  organization: organizationName(),
  month: isoMonth().required(),
  unit_id: idNumber(),
  unit: yup.string().trim().max(130).meta({ description: 'only this unit (BLR or ACME/BLR, or id)' }),
  allow_unlocked: yup
    .boolean()
    .default(false)
    .meta({ description: 'export a month that is not locked yet, rows as they are' }),
});
