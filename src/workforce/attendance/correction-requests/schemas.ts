// Input schemas of correction requests (issue 28), shared by HTTP and the CLI. The proposed times
// follow the correction punch's rules (an ISO-8601 instant with an offset, schemas.ts punchInstant);
// where they fall against the day is checked by the operation, which knows the unit's time zone.
import { organizationName } from '../../refs.js';
import { idNumber, isoDate, isoMonth, yup } from '../../../core/validation.js';
import { listQueryFields } from '../../listing.js';
import { punchInstant } from '../schemas.js';

export const REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;

export const fileRequestSchema = yup
  .object({
    /** The employee code; absent: the caller's own employee record. */
    employee_id: yup.string().trim().min(1).max(64).optional(),
    date: isoDate().required(),
    check_in: punchInstant().optional(),
    check_out: punchInstant().optional(),
    reason: yup.string().trim().min(1).max(1000).required(),
  })
  .test('times', function (v) {
    if (!v || v.check_in || v.check_out) return true;
    return this.createError({
      path: 'check_in',
      message: 'Propose a check_in, a check_out or both.',
    });
  })
  .test('order', function (v) {
    if (!v?.check_in || !v.check_out) return true;
    if (new Date(v.check_out).getTime() > new Date(v.check_in).getTime()) return true;
    return this.createError({ path: 'check_out', message: 'The check_out field must be after check_in.' });
  });
export type FileRequestInput = yup.InferType<typeof fileRequestSchema>;

export const approveRequestSchema = yup.object({ request_id: idNumber().required() });

export const rejectBodySchema = yup.object({
  reason: yup.string().trim().min(1).max(1000).required(),
});
export const rejectRequestSchema = rejectBodySchema.shape({ request_id: idNumber().required() });

const listRequestsFields = {
  status: yup
    .string()
    .oneOf([...REQUEST_STATUSES])
    .optional(),
  employee_id: yup.string().trim().min(1).max(64).optional(),
  month: isoMonth().optional(),
  organization_id: idNumber().optional(),
};
export const listRequestsSchema = yup.object({ ...listRequestsFields, ...listQueryFields });

/** The operation's input: the route's query, or the organization as typed (the CLI's --org). */
export const listRequestsInput = yup.object({
  ...listRequestsFields,
  organization: organizationName('only this organization: code (ACME) or id'),
  ...listQueryFields,
});
