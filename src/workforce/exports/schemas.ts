// What an export names: an organization, a pay month, optionally a unit, by id (the query of
// GET /exports/attendance.csv and the input of attendance.export; the CLI resolves codes first).
import { idNumber, isoMonth, yup } from '../../core/validation.js';

export const exportQuerySchema = yup
  .object({
    org_id: idNumber().required(),
    month: isoMonth().required(),
    unit_id: idNumber(),
    allow_unlocked: yup.boolean().default(false),
  })
  .required();

export type ExportInput = yup.InferType<typeof exportQuerySchema>;
