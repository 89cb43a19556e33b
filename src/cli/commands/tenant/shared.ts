// The `wfctl tenant` and `wfctl tenant member` groups, and what their commands share: the TENANT
// argument, choosing among fixed values.
import type { Command } from 'commander';
import { UsageError } from '../../../core/errors.js';
import type { ArgSpec } from '../../command.js';
import { commandGroup } from '../../group.js';
import { canPrompt, type OutputOptions } from '../../io.js';
import { tenantRef } from '../../lookup.js';

/**
 * TENANT filling the operation's `tenant` field (slug or id), which it resolves (src/clinic/
 * tenant-scope.ts); the lookup checks a typed or given name before anything else is asked.
 */
export const tenantArg: ArgSpec = {
  name: 'tenant',
  description: 'tenant id or slug',
  prompt: 'Tenant (id or slug)?',
  field: 'tenant',
  lookup: (db, ref) => tenantRef(db, ref, 'TENANT'),
};

export function tenantGroup(program: Command): Command {
  return commandGroup(program, 'tenant', 'Clinic tenants (clinics, pharmacies, shops…) and their staff');
}

export function memberGroup(program: Command): Command {
  return commandGroup(tenantGroup(program), 'member', 'Add, remove or list the staff of a tenant');
}

/** A choice among fixed values: the flag, else a menu on a terminal, else the default (or a usage error). */
export async function choose<T extends string>(
  value: unknown,
  message: string,
  values: readonly T[],
  fallback: T | undefined,
  opts: OutputOptions,
  flag?: string,
): Promise<string> {
  if (typeof value === 'string') return value; // checked by the schema, which names the allowed values
  if (canPrompt(opts)) {
    const { select } = await import('@inquirer/prompts');
    return select({ message, choices: values.map((v) => ({ value: v })), default: fallback });
  }
  if (fallback !== undefined) return fallback;
  throw new UsageError(`Missing required option ${flag}.`, { [flag!]: [`${flag} is required.`] });
}

export function stripNewline(text: string): string {
  return text.replace(/\r?\n$/, '');
}
