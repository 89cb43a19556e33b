// HTTP routes of financial years: close (asynchronous, 202) and show.
import { Reply } from '../../core/reply.js';

import { operationRoute } from '../operation-route.js';
import { closeFinancialYear } from './operations/close-financial-year.js';
import { showFinancialYear } from './operations/show-financial-year.js';
import { FinancialYear, FinancialYearCloseAccepted } from './serialize.js';

export const financialYearRoutes = [
  operationRoute(closeFinancialYear, {
    method: 'POST',
    path: '/api/v1/financial-years/:id/close',
    description:
      'Checklist (checked now, and again by the job): every month of the year has an organization-wide ' +
      'lock; no leave or regularization request inside the year is pending or shift_manager_approved. ' +
      'Unmet → 422 CLOSE_CHECKLIST_UNMET whose errors name each failing months.YYYY-MM, leave_requests.ID ' +
      'and regularization_requests.ID. Already closed → 409 FINANCIAL_YEAR_CLOSED; closing → 409 ' +
      'FINANCIAL_YEAR_CLOSING.',
    tags: ['financial years'],
    responses: {
      202: { description: 'accepted; the close job is queued', schema: FinancialYearCloseAccepted },
    },
    errors: {
      409: 'FINANCIAL_YEAR_CLOSED or FINANCIAL_YEAR_CLOSING',
      422: 'CLOSE_CHECKLIST_UNMET: errors lists each unmet item of the pre-close checklist',
    },
    pathFields: { id: 'financial_year_id' },
    reply: (result) => Reply.json(202, result),
  }),
  operationRoute(showFinancialYear, {
    method: 'GET',
    path: '/api/v1/financial-years/:id',
    tags: ['financial years'],
    responses: { 200: { description: 'the year', schema: FinancialYear } },
    pathFields: { id: 'financial_year_id' },
  }),
];
