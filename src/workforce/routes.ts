// Every route of the workforce listener. Each folder of the context exports its own table.
import type { Route } from '../core/routes.js';
import { systemRoutes } from './system/routes.js';
import { attendanceRoutes } from './attendance/routes.js';
import { correctionRequestRoutes } from './attendance/correction-requests/routes.js';
import { financialYearRoutes } from './financial-years/routes.js';
import { identityRoutes } from './identity/routes.js';
import { deviceApprovalRoutes } from './devices/approval-routes.js';
import { recordsRoutes } from './records-routes.js';
import { pullRoutes } from './partners/pull/routes.js';
import { exportRoutes } from './exports/routes.js';

export const workforceRoutes: Route[] = [
  ...systemRoutes,
  ...identityRoutes,
  ...deviceApprovalRoutes,
  ...attendanceRoutes,
  ...correctionRequestRoutes,
  ...financialYearRoutes,
  ...recordsRoutes,
  ...pullRoutes,
  ...exportRoutes,
];

export const workforceApiInfo = {
  title: 'wfctl — attendance and workforce lifecycle service',
  version: '1.0.0',
  description:
    'Contract: workforce-service.md. All endpoints under /api/v1; errors are {message, errors, code?}.',
};
