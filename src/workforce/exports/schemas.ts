// What an export names: an organization, a pay month, optionally a unit. HTTP names them by id
// (routes.ts); the CLI by code, validated here before the codes are resolved.
import { isoMonth, yup } from '../../core/validation.js';

export const exportRefsSchema = yup
  .object({
    org: yup.string().trim().min(1).max(64).required(),
    month: isoMonth().required(),
    unit: yup.string().trim().min(1).max(130),
  })
  .required();

export type ExportRefs = yup.InferType<typeof exportRefsSchema>;
