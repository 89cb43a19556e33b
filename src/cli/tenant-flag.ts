// What the clinic records commands (`wfctl pet|appointment|invoice|order|health-log …`) share: the
// tenant they act in (`--tenant TENANT`, id or slug; a staff member with --actor, or the operator).
import type { FlagSpec } from './command.js';
import { checkTenant } from './lookup.js';

export const tenantFlag: FlagSpec = {
  flags: '--tenant <tenant>',
  description: 'tenant id or slug',
  required: true,
  prompt: 'Tenant (id or slug)?',
  lookup: checkTenant,
};

/**
 * --tenant for an operation that takes the tenant by name (its `tenant` field, src/clinic/tenant-scope.ts)
 * and resolves it itself: the lookup only checks a prompt's answer before more is asked.
 */
export const tenantNameFlag: FlagSpec = { ...tenantFlag, field: 'tenant' };
