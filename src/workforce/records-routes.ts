// The workforce records' route tables (organizations, units, employees, deployments, audit trail),
// gathered so the context's routes.ts spreads one list.
import type { Route } from '../core/routes.js';
import { auditRoutes } from './audit/routes.js';
import { deploymentRoutes } from './deployments/routes.js';
import { employeeRoutes } from './employees/routes.js';
import { organizationRoutes } from './organizations/routes.js';
import { unitRoutes } from './units/routes.js';

export const recordsRoutes: Route[] = [
  ...organizationRoutes,
  ...unitRoutes,
  ...employeeRoutes,
  ...deploymentRoutes,
  ...auditRoutes,
];
