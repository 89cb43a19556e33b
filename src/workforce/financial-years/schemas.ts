// Input schemas of the financial-year operations.
import { financialYearNaming, organizationName } from '../refs.js';
import { idNumber, yup } from '../../core/validation.js';

export const financialYearInput = yup.object(financialYearNaming);

export const financialYearListInput = yup.object({ organization: organizationName().required() });

/** The close job's input: the year, who asked for the close, and the job finishing it. */
export const completeCloseInput = yup.object({
  financial_year_id: idNumber().required(),
  requested_by: idNumber().required(),
  job_id: idNumber().required(),
});
