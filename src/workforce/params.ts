// Path and query schemas the workforce routes share.
import { idParam, yup } from '../core/validation.js';

export const idParams = yup.object({ id: idParam() });

/** `?dry_run=true`: run the operation, return its exact summary, and roll everything back. */
export const dryRunQuery = yup.object({
  dry_run: yup
    .boolean()
    .default(false)
    .meta({ description: 'true: return the exact summary and change nothing' }),
});
