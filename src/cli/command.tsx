// `commandFor(op, spec)`: a CLI command that is a face of one catalogue operation. The command
// parses arguments and flags, prompts on a terminal for what is missing, loads who acts
// (`--actor EMAIL`), and hands the input to runOperation; destructive operations preview, ask and
// take --yes and --dry-run. Output follows the CLI conventions (src/cli/io.ts): an Ink view on a
// terminal, one JSON document otherwise; exit codes come from the error mapper in main.ts.
import React, { type ReactElement } from 'react';
import { Command, Option } from 'commander';
import { ValidationError } from '../core/errors.js';
import { runOperation, type Operation, type OperationContext } from '../core/operation.js';
import type { Services } from '../core/services.js';
import type { ContextLoader } from './actors.js';
import {
  canPrompt,
  confirmOrAbort,
  printJson,
  renderOnce,
  required,
  wantsJson,
  type OutputOptions,
} from './io.js';
import { withServices } from './services.js';
import { Summary } from './views/summary.js';

export interface ArgSpec {
  name: string;
  description: string;
  /** Asked on a terminal when missing (default: `<name>?`); optional arguments are never asked. */
  prompt?: string;
  optional?: boolean;
}

export interface FlagSpec {
  /** commander syntax: `--last-day <date>`, `--dry-run`, `-y, --yes`. */
  flags: string;
  description: string;
  default?: unknown;
  choices?: readonly string[];
  /** Asked on a terminal when missing; off a terminal a missing required flag is a usage error. */
  prompt?: string;
  required?: boolean;
  /** The operation input field this flag fills: validation errors then name the flag. */
  field?: string;
}

export interface CommandFlags extends OutputOptions {
  actor?: string;
  yes?: boolean;
  dryRun?: boolean;
  [flag: string]: unknown;
}

export interface CommandSpec<Actor, In, Out> {
  /** Words of the command under `wfctl` (`offboard`, `partner secret rotate`). */
  path: string;
  /** Defaults to the operation's summary. */
  description?: string;
  args?: ArgSpec[];
  flags?: FlagSpec[];
  /** Lines shown under "Examples:" in --help. */
  examples?: string[];
  /** Who acts: workforceActor or clinicActor (src/cli/actors.ts). */
  context: ContextLoader<Actor>;
  /** The operation's input from the arguments and flags (names resolved to ids here). */
  toInput(args: Record<string, string>, flags: CommandFlags, ctx: OperationContext<Actor>): Promise<unknown>;
  /** A destructive operation: the question to confirm. Adds --yes and --dry-run. */
  confirm?(args: Record<string, string>, flags: CommandFlags): string;
  /** What --json prints; default: the result as it is. */
  json?(result: Out): unknown;
  /** The terminal view; default: a Summary of the JSON's top-level fields. */
  view?(result: Out, flags: CommandFlags): ReactElement;
}

/** The operation behind each command made by commandFor (read by the catalogue test and docs). */
export const OPERATION_OF = new WeakMap<Command, { name: string; permission: string }>();

/** Registers the command on `program` (parents created as needed) and returns it. */
export function commandFor<Actor, In, Out>(
  program: Command,
  op: Operation<Actor, In, Out>,
  spec: CommandSpec<Actor, In, Out>,
): Command {
  const words = spec.path.split(' ');
  let parent = program;
  for (const word of words.slice(0, -1)) {
    parent = parent.commands.find((c) => c.name() === word) ?? parent.command(word);
  }
  const cmd = parent.command(words[words.length - 1]).description(spec.description ?? op.summary);
  for (const arg of spec.args ?? []) cmd.argument(`[${arg.name}]`, arg.description);
  for (const flag of spec.flags ?? []) {
    const option = new Option(flag.flags, flag.description);
    if (flag.default !== undefined) option.default(flag.default);
    if (flag.choices) option.choices(flag.choices);
    cmd.addOption(option);
  }
  if (spec.confirm) {
    cmd.option('--dry-run', 'show what would change and change nothing');
    cmd.option('-y, --yes', 'do not ask for confirmation (required off a terminal)');
  }
  cmd.option('--actor <email>', 'act as this user (default: the operator)');
  cmd.option('--json', 'print JSON');
  cmd.addHelpText('after', helpFooter(op, spec));
  OPERATION_OF.set(cmd, op);

  cmd.action(async (...received: unknown[]) => {
    const flags = received[(spec.args ?? []).length] as CommandFlags;
    const args: Record<string, string> = {};
    for (const [i, arg] of (spec.args ?? []).entries()) {
      const value = received[i] as string | undefined;
      if (arg.optional && (value === undefined || value === '')) continue;
      args[arg.name] = await required(value, `<${arg.name}>`, arg.prompt ?? `${arg.name}?`, flags);
    }
    for (const flag of spec.flags ?? []) {
      if (!flag.required) continue;
      const key = flagKey(flag.flags);
      flags[key] = await required(
        flags[key] as string | undefined,
        flagName(flag.flags),
        flag.prompt ?? `${flagName(flag.flags)}?`,
        flags,
      );
    }
    await withServices(async (services: Services) => {
      const ctx = await spec.context(services, flags.actor);
      const input = await namingFlags(spec.flags ?? [], () => spec.toInput(args, flags, ctx));
      const run = (dryRun: boolean) =>
        namingFlags(spec.flags ?? [], () => runOperation(op, ctx, input, { dryRun }));
      const view = (r: Out) => (spec.view ? spec.view(r, flags) : defaultView(op, spec, r));
      const show = async (result: Out) => {
        if (wantsJson(flags)) return printJson(spec.json ? spec.json(result) : result);
        await renderOnce(view(result));
      };
      if (spec.confirm) {
        if (flags.dryRun) return show(await run(true));
        if (!flags.yes && canPrompt(flags)) {
          const preview = await run(true);
          await renderOnce(view(preview));
        }
        await confirmOrAbort(spec.confirm(args, flags), flags);
      }
      await show(await run(false));
    });
  });
  return cmd;
}

function helpFooter(op: { name: string; permission: string }, spec: { examples?: string[] }): string {
  const lines = [``, `Operation: ${op.name} (permission: ${op.permission})`];
  if (spec.examples?.length) lines.push('', 'Examples:', ...spec.examples.map((e) => `  $ ${e}`));
  return lines.join('\n');
}

/** `--last-day <date>` → `lastDay` (commander's key). */
export function flagKey(flags: string): string {
  const long = flagName(flags).replace(/^--(no-)?/, '');
  return long.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/** `-y, --yes` → `--yes`. */
export function flagName(flags: string): string {
  return flags.split(/[ ,|]+/).find((p) => p.startsWith('--')) ?? flags;
}

/** A 422 that names input fields is re-worded with the flags that fill them (`--last-day`). */
async function namingFlags<T>(flags: FlagSpec[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const byField = new Map(flags.filter((f) => f.field).map((f) => [f.field!, flagName(f.flags)]));
    if (!byField.size) throw err;
    const errors: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(err.errors)) {
      const root = [...byField.keys()].find(
        (f) => field === f || field.startsWith(`${f}[`) || field.startsWith(`${f}.`),
      );
      const flag = root ? field.replace(root, byField.get(root)!) : field;
      errors[flag] = messages.map((m) => (root ? m.replace(field, flag) : m));
    }
    throw new ValidationError(errors);
  }
}

function defaultView<Out>(
  op: { summary: string },
  spec: { json?(r: Out): unknown },
  result: Out,
): ReactElement {
  const shown = spec.json ? spec.json(result) : result;
  const rows: Array<[string, string]> =
    shown && typeof shown === 'object' && !Array.isArray(shown)
      ? Object.entries(shown as Record<string, unknown>).map(([k, v]) => [k.replace(/_/g, ' '), display(v)])
      : [['result', display(shown)]];
  return <Summary title={op.summary} rows={rows} />;
}

function display(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
