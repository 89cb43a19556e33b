// What the clinic records commands (`wfctl pet|appointment|invoice|order|health-log …`) share: the
// tenant they act in (`--tenant TENANT`, id or slug; a staff member with --actor, or the operator),
// and the optional flags that fill input fields only when given.
import type { Services } from '../core/services.js';
import type { CommandFlags, FlagSpec } from './command.js';
import { flagKey } from './command.js';
import { checkTenant, tenantRef } from './lookup.js';

export const tenantFlag: FlagSpec = {
  flags: '--tenant <tenant>',
  description: 'tenant id or slug',
  required: true,
  prompt: 'Tenant (id or slug)?',
  lookup: checkTenant,
};

/** The id of the tenant `--tenant` names (an unknown one is a usage error, exit 2, with the nearest slug). */
export async function tenantOf(flags: CommandFlags, ctx: { services: Services }): Promise<number> {
  return (await tenantRef(ctx.services.db, String(flags.tenant))).id;
}

/**
 * The input fields of the flags that were given (`field` of each spec), as the text typed: the
 * operation's schema casts and checks them, and its 422 names the flag.
 */
export function fieldsOf(specs: FlagSpec[], flags: CommandFlags): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const spec of specs) {
    const value = flags[flagKey(spec.flags)];
    if (spec.field && value !== undefined) out[spec.field] = value;
  }
  return out;
}
