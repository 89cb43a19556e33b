// The shape every destructive workforce command shares:
// --dry-run prints the exact summary and changes nothing; on a terminal the command previews,
// asks, then runs and shows the result; off a terminal it needs --yes. The operation is the same
// function HTTP calls, run as `--actor EMAIL` (default: the built-in system user).
import type { ReactElement } from 'react';
import type { AnySchema } from 'yup';
import { ValidationError } from '../../core/errors.js';
import type { Services } from '../../core/services.js';
import { validate } from '../../core/validation.js';
import { loadActor } from '../../workforce/identity/actor.js';
import type { WorkforceContext } from '../../workforce/context.js';
import { canPrompt, confirmOrAbort, output, renderOnce, type OutputOptions } from '../io.js';
import { withServices } from '../services.js';

export interface FlowFlags extends OutputOptions {
  yes?: boolean;
  dryRun?: boolean;
  actor?: string;
}

export interface Flow<T> {
  /** Resolves names and validates flags; returns the question to confirm and the runner. */
  prepare(ctx: WorkforceContext): Promise<{ question: string; run: (dryRun: boolean) => Promise<T> }>;
  view(result: T): ReactElement;
}

export async function runFlow<T>(flags: FlowFlags, flow: Flow<T>): Promise<void> {
  await withServices(async (services: Services) => {
    const actor = await loadActor(services.db, flags.actor);
    const { question, run } = await flow.prepare({ services, actor });
    if (flags.dryRun) return output(await run(true), flags, flow.view);
    if (!flags.yes && canPrompt(flags)) await renderOnce(flow.view(await run(true)));
    await confirmOrAbort(question, flags);
    await output(await run(false), flags, flow.view);
  });
}

/**
 * Validates flag values with the HTTP body's schema, naming the flags in errors
 * (`{last_working_day: '--last-day'}`), so a mistake reads the way it was typed.
 */
export async function validateFlags<T>(
  schema: AnySchema,
  values: Record<string, unknown>,
  flags: Record<string, string>,
): Promise<T> {
  try {
    return (await validate(schema, values)) as T;
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const errors: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(err.errors)) {
      const name = Object.keys(flags).find((f) => field === f || field.startsWith(`${f}[`));
      const flag = name ? field.replace(name, flags[name]) : field;
      errors[flag] = messages.map((m) => m.replace(field, flag));
    }
    throw new ValidationError(errors);
  }
}
