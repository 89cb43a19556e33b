// HTTP routes of correction requests against a locked month (issue 28): beyond the contract, so
// each is marked `x-wfctl-extension: true` in the OpenAPI document.
import { Reply } from '../../../core/reply.js';

import { PageOf } from '../../listing.js';
import { operationRoute } from '../../operation-route.js';
import { approveRequest } from './operations/approve-request.js';
import { fileCorrectionRequest } from './operations/file-request.js';
import { listCorrectionRequests } from './operations/list-requests.js';
import { rejectRequest } from './operations/reject-request.js';

import { CorrectionRequest } from './serialize.js';

const BASE = '/api/v1/attendance/correction-requests';
const DECIDED = '409 REQUEST_ALREADY_DECIDED: the request was approved or rejected already';

export const correctionRequestRoutes = [
  operationRoute(fileCorrectionRequest, {
    method: 'POST',
    path: BASE,
    extension: true,
    description:
      'For a day of a locked month. Without employee_id the day is the caller’s own; with another ' +
      'employee’s code the caller needs a staff role (shift_manager, hr, org_admin) in their organization. ' +
      'check_in / check_out are instants with an offset, as for punches: the check-in on the date in the ' +
      'unit’s time zone, the check-out after it (that day or the next morning); at least one of them.',
    tags: ['attendance'],
    responses: { 201: { description: 'the request, pending', schema: CorrectionRequest } },
    errors: {
      403: 'a plain employee asking for a colleague’s day',
      404: 'employee_id names no employee, or one outside the caller’s organizations',
      409:
        'MONTH_NOT_LOCKED: the day is not locked; make it a correction (POST /attendance/punches). ' +
        'REQUEST_PENDING: a request for this day is still pending',
    },
    reply: (result) => Reply.json(201, result),
  }),
  operationRoute(listCorrectionRequests, {
    method: 'GET',
    path: BASE,
    extension: true,
    description: 'Oldest first, in the organizations where the caller holds attendance.lock (hr, org_admin).',
    tags: ['attendance'],
    responses: { 200: { description: 'one page', schema: PageOf(CorrectionRequest) } },
    errors: { 404: 'organization_id or employee_id outside the caller’s scope' },
  }),
  operationRoute(approveRequest, {
    method: 'POST',
    path: `${BASE}/:id/approve`,
    extension: true,
    description:
      'Corrects the one day inside its locked month: the day keeps its lock, gains trail entries naming ' +
      'the request and the flag CORRECTED_AFTER_LOCK; the next partner push sends it as a correction batch.',
    tags: ['attendance'],
    responses: { 200: { description: 'the request, approved', schema: CorrectionRequest } },
    errors: {
      404: 'no such request in the caller’s organizations',
      409: `${DECIDED}. MONTH_NOT_LOCKED: the month was unlocked since; correct the day with a punch`,
    },
    pathFields: { id: 'request_id' },
  }),
  operationRoute(rejectRequest, {
    method: 'POST',
    path: `${BASE}/:id/reject`,
    extension: true,
    description: 'The reason is required; the day is not touched.',
    tags: ['attendance'],
    responses: { 200: { description: 'the request, rejected', schema: CorrectionRequest } },
    errors: { 404: 'no such request in the caller’s organizations', 409: DECIDED },
    pathFields: { id: 'request_id' },
  }),
];
