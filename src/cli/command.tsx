// `commandFor(op, spec)`: a CLI command that is a face of one catalogue operation. The command
// parses arguments and flags, prompts on a terminal for what is missing, loads who acts
// (`--actor EMAIL`), and hands the input to runOperation; destructive operations preview, ask and
// take --yes and --dry-run. Output follows the CLI conventions (src/cli/io.ts): an Ink view on a
// terminal, one JSON document otherwise; exit codes come from the error mapper in main.ts.
import React, { type ReactElement } from 'react';
import { Command, Option } from 'commander';
import type { Knex } from 'knex';
import { AppError, UsageError } from '../core/errors.js';
import { runOperation, type Operation, type OperationContext } from '../core/operation.js';
import type { Services } from '../core/services.js';
import { yup } from '../core/validation.js';
import type { ContextLoader } from './actors.js';
import {
  canPrompt,
  confirmOrAbort,
  printJson,
  renderOnce,
  refuseMissing,
  required,
  wantsJson,
  type OutputOptions,
} from './io.js';
import { readSecrets, refuseSecretFlags, secretOptions, type SecretSpec } from './secrets.js';
import { loadNames, NO_NAMES, type NameRequest, type Names } from './names.js';
import { withServices } from './services.js';
import { withExamples } from './help.js';
import {
  flagKey,
  flagName,
  inSchemaOrder,
  inputFlags,
  inputNames,
  inputOf,
  namingFlags,
  type InputFlags,
} from './input-flags.js';
import { Summary } from './views/summary.js';

export interface ArgSpec {
  name: string;
  description: string;
  /** Asked on a terminal when missing (default: `<name>?`); optional arguments are never asked. */
  prompt?: string;
  optional?: boolean;
  /** The operation input field this argument fills: validation errors then name it (`EMAIL`). */
  field?: string;
  /** Checks the value against the database (see FlagSpec.lookup). */
  lookup?: Lookup;
}

/**
 * Resolves a typed name (an organization code) the way the command will: a refusal (a usage error
 * with the nearest name) is shown at the prompt and the question asked again; a value given on the
 * command line is checked before anything else is asked.
 */
export type Lookup = (db: Knex, value: string, flags: CommandFlags) => Promise<unknown>;

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
  /**
   * The flag's value is the field's own (not a name the command resolves): a prompt's answer is
   * checked with the field's rule whatever its type. Set on the flags `input` derives.
   */
  typed?: boolean;
  /** The field's value from the flag's text, when the field's type alone does not say (`--page`). */
  parse?(text: unknown): unknown;
  /** The flag may be given several times (`--org A --org B`); its value is the list, default []. */
  repeatable?: boolean;
  lookup?: Lookup;
}

export interface CommandFlags extends OutputOptions {
  actor?: string;
  yes?: boolean;
  dryRun?: boolean;
  [flag: string]: unknown;
}

export interface CommandSpec<Actor, _In, Out, Shown = Out> {
  /** Words of the command under `wfctl` (`offboard`, `partner secret rotate`). */
  path: string;
  /** Defaults to the operation's summary. */
  description?: string;
  args?: ArgSpec[];
  /** Flags the command declares itself (`--tenant`, a name it resolves); listed before `input`'s. */
  flags?: FlagSpec[];
  /**
   * The operation's input fields as flags (src/cli/input-flags.ts): every field that no argument,
   * secret or flag above fills, unless skipped. The input is then what they and the arguments with
   * a `field` hold, with the secrets and then whatever `toInput` returns laid over it.
   */
  input?: InputFlags;
  /** Lines shown under "Examples:" in --help (at least one: every command shows how it is used). */
  examples: [string, ...string[]];
  /** Who acts: workforceActor or clinicActor (src/cli/actors.ts). */
  context: ContextLoader<Actor>;
  /**
   * Releases what `context` started (a live progress line on stderr), however the command ends:
   * result, refusal or crash; and before the result is drawn. It must be safe to call twice.
   */
  release?(): void;
  /**
   * Secrets the operation takes (passwords, signing secrets): never from argv; read from stdin with
   * the `stdin` flag (one per line), or asked hidden on a terminal, each checked as it is typed
   * with the operation's rule for its field (src/cli/secrets.ts). Adds the stdin flag.
   */
  secrets?: { stdin: string; fields: SecretSpec[] };
  /**
   * The operation's input from the arguments, flags and secrets (names resolved to ids here); with
   * `input`, only the fields it fills or changes (`given` holds the derived ones).
   */
  toInput?(
    args: Record<string, string>,
    flags: CommandFlags,
    ctx: OperationContext<Actor>,
    secrets: Record<string, string>,
    given: Record<string, unknown>,
  ): Promise<unknown>;
  /** A destructive operation: the question to confirm. Adds --yes and --dry-run. */
  confirm?(args: Record<string, string>, flags: CommandFlags): string;
  /**
   * A --dry-run without a confirmation (this text is its help): the operation runs and rolls back,
   * and the preview is shown as the result would be. (`confirm` always adds --dry-run.)
   */
  dryRun?: string;
  /**
   * Hints the CLI adds to the message of an operation's refusal, by error code
   * (`LOCK_PENDING: '--allow-unlocked exports it anyway'`).
   */
  hints?: Record<string, string>;
  /**
   * What the command does with the committed result while the services are still open (stream it
   * to a file, wait for the job it queued); its value is what is shown, `undefined` shows nothing
   * (the output was written already). Not run on a dry run, whose preview is shown as it is.
   */
  after?(result: Out, flags: CommandFlags, ctx: OperationContext<Actor>): Promise<Shown | undefined>;
  /** What --json prints; default: the result as it is. */
  json?(result: Shown, flags: CommandFlags): unknown;
  /**
   * The terminal view; default: a Summary of the JSON's top-level fields. `names` holds the codes
   * and e-mails (and organizations' time zones) of the ids that `names` below asks for.
   */
  view?(result: Shown, flags: CommandFlags, names: Names): ReactElement;
  /** The ids the view shows as what an operator types (src/cli/names.ts); loaded only to draw. */
  names?(result: Shown, flags: CommandFlags): NameRequest;
  /**
   * A result that is a failure (a push with failed batches): it is shown as usual, then this error
   * sets the exit code; with --json the error alone (its details carrying the result) is printed.
   */
  failure?(result: Shown): AppError | undefined;
}

/** The operation behind each command made by commandFor (read by the catalogue test and docs). */
export const OPERATION_OF = new WeakMap<Command, { name: string; permission: string }>();

/** Registers the command on `program` (parents created as needed) and returns it. */
export function commandFor<Actor, In, Out, Shown = Out>(
  program: Command,
  op: Operation<Actor, In, Out>,
  spec: CommandSpec<Actor, In, Out, Shown>,
): Command {
  const words = spec.path.split(' ');
  let parent = program;
  for (const word of words.slice(0, -1)) {
    parent = parent.commands.find((c) => c.name() === word) ?? parent.command(word);
  }
  const cmd = parent.command(words[words.length - 1]).description(spec.description ?? op.summary);
  const derived = spec.input ? inputFlags(op.input, spec.input, takenFields(spec)) : [];
  const flagSpecs = spec.input
    ? inSchemaOrder(op.input, [...(spec.flags ?? []), ...derived])
    : (spec.flags ?? []);
  const form = { args: spec.args, flags: flagSpecs };
  for (const arg of spec.args ?? []) cmd.argument(`[${arg.name}]`, arg.description);
  for (const flag of flagSpecs) {
    const option = new Option(flag.flags, flag.description);
    if (flag.default !== undefined) option.default(flag.default);
    if (flag.choices) option.choices(flag.choices);
    if (flag.repeatable) {
      option.argParser((value: string, previous: string[] = []) => [...previous, value]);
      if (flag.default === undefined) option.default([]);
    }
    cmd.addOption(option);
  }
  if (spec.confirm) {
    cmd.option('--dry-run', 'show what would change and change nothing');
    cmd.option('-y, --yes', 'do not ask for confirmation (required off a terminal)');
  } else if (spec.dryRun) {
    cmd.option('--dry-run', spec.dryRun);
  }
  cmd.option('--actor <email>', spec.context.actorHelp ?? 'act as this user (default: the operator)');
  cmd.option('--json', 'print JSON');
  cmd.addHelpText('after', `\nOperation: ${op.name} (permission: ${op.permission})`);
  withExamples(cmd, spec.examples);

  if (spec.secrets) secretOptions(cmd, spec.secrets.fields, spec.secrets.stdin);
  OPERATION_OF.set(cmd, op);

  cmd.action(async (...received: unknown[]) => {
    const flags = received[(spec.args ?? []).length] as CommandFlags;
    const args: Record<string, string> = {};
    for (const [i, arg] of (spec.args ?? []).entries()) {
      const value = received[i] as string | undefined;
      if (value !== undefined && value !== '') args[arg.name] = value;
    }
    const fields = formFields(op, form, args, flags);
    if (spec.secrets) refuseSecretFlags(spec.secrets.fields, flags, spec.secrets.stdin);
    // Off a terminal every missing value is named at once, secrets' stdin flag included.
    const missing = fields.filter((f) => f.required && isEmpty(f.get())).map((f) => f.name);
    if (spec.secrets && !flags[flagKey(spec.secrets.stdin)]) missing.push(spec.secrets.stdin);
    refuseMissing(missing, flags);
    await withServices(
      async (services: Services) => {
        try {
          await fillForm(fields, services.db, flags);
          const secrets = spec.secrets
            ? await readSecrets(spec.secrets.fields, flags, spec.secrets.stdin, (field) =>
                fieldRule(op, field),
              )
            : {};
          await runCommand(services, secrets);
        } finally {
          spec.release?.();
        }
      },
      { changesData: op.kind !== 'read' },
    );

    async function runCommand(services: Services, secrets: Record<string, string>) {
      const ctx = await spec.context(services, flags.actor);
      const names = inputNames(form);
      // A lone secret comes on stdin: a rule it breaks names the stdin flag. Several (one a line)
      // keep their field names, which say which line was wrong.
      if (spec.secrets?.fields.length === 1) names.set(spec.secrets.fields[0].field, spec.secrets.stdin);
      const input = await namingFlags(names, async () => {
        if (!spec.input) return spec.toInput!(args, flags, ctx, secrets, {});
        const given = inputOf(op.input, form, args, flags);
        const filled = await spec.toInput?.(args, flags, ctx, secrets, given);
        return { ...given, ...secrets, ...(filled as object | undefined) };
      });
      const run = (dryRun: boolean) =>
        namingFlags(names, () => runOperation(op, ctx, input, { dryRun })).catch((err) => {
          throw withHint(withSubject(err, spec.args, args), spec.hints);
        });
      // Without `after`, what is shown is the result itself (Shown defaults to Out).
      const asShown = (r: Out) => r as unknown as Shown;
      // A preview is shown with dryRun set, so a view can title it as one.
      const view = async (r: Shown, f: CommandFlags = flags) => {
        if (!spec.view) return defaultView(op, spec, r, f);
        // A clinic command's --tenant is always named: its time zone is the one its times are shown in.
        const tenant = typeof f.tenant === 'string' || typeof f.tenant === 'number' ? f.tenant : undefined;
        const want = { ...spec.names?.(r, f), ...(tenant === undefined ? {} : { tenant }) };
        const names = spec.names || tenant !== undefined ? await loadNames(services.db, want) : NO_NAMES;
        return spec.view(r, f, names);
      };
      const show = async (result: Shown) => {
        spec.release?.();
        const failed = spec.failure?.(result);
        // With --json the failure (its details carry the result) is the one document printed.
        if (failed && flags.json) throw failed;
        if (wantsJson(flags)) printJson(spec.json ? spec.json(result, flags) : result);
        else await renderOnce(await view(result));
        if (failed) throw failed;
      };
      if (flags.dryRun && (spec.confirm || spec.dryRun)) return show(asShown(await run(true)));
      if (spec.confirm) {
        if (!flags.yes) {
          // The preview first: on a terminal it is shown before the question; off one it still runs,
          // so a bad value or a refused rule is what is reported, not the missing --yes.
          const preview = await run(true);
          if (canPrompt(flags)) await renderOnce(await view(asShown(preview), { ...flags, dryRun: true }));
        }
        await confirmOrAbort(spec.confirm(args, flags), flags);
      }
      const result = await run(false);
      const shown = spec.after ? await spec.after(result, flags, ctx) : asShown(result);
      if (shown !== undefined) await show(shown);
    }
  });
  return cmd;
}

/** One value of the form: an argument or a flag, with how it is asked and checked. */
interface FormField {
  name: string;
  question: string;
  required: boolean;
  repeatable: boolean;
  secret?: boolean;
  choices?: readonly string[];
  rule?: (answer: string) => Promise<string | true>;
  lookup?: Lookup;
  get(): unknown;
  set(value: unknown): void;
}

function formFields(
  op: { input: unknown },
  spec: { args?: ArgSpec[]; flags?: FlagSpec[] },
  args: Record<string, string>,
  flags: CommandFlags,
): FormField[] {
  const fromArgs = (spec.args ?? []).map((a): FormField => ({
    name: `<${a.name}>`,
    question: a.prompt ?? `${a.name}?`,
    required: !a.optional,
    repeatable: false,
    rule: fieldRule(op, a.field),
    lookup: a.lookup,
    get: () => args[a.name],
    set: (v) => (args[a.name] = v as string),
  }));
  const fromFlags = (spec.flags ?? []).map((f): FormField => {
    const key = flagKey(f.flags);
    return {
      name: flagName(f.flags),
      question: f.prompt ?? `${flagName(f.flags)}?`,
      required: Boolean(f.required),
      repeatable: Boolean(f.repeatable),
      choices: f.choices ?? fieldChoices(op, f.field),
      rule: fieldRule(op, f.field, f.typed),
      lookup: f.lookup,
      get: () => flags[key],
      set: (v) => (flags[key] = v),
    };
  });
  return [...fromArgs, ...fromFlags];
}

const isEmpty = (v: unknown) => v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * On a terminal, asks for each missing required value in order, each answer checked as it is typed
 * with the operation's rule and the field's lookup. Values given on the command line are looked up
 * first (and, when questions follow, checked with the rule), so nothing is asked in vain.
 */
async function fillForm(fields: FormField[], db: Knex, flags: CommandFlags): Promise<void> {
  const asking = canPrompt(flags) && fields.some((f) => f.required && isEmpty(f.get()));
  for (const field of fields) {
    const value = field.get();
    if (!isEmpty(value)) {
      for (const part of (Array.isArray(value) ? value : [value]).map(String)) {
        if (field.lookup) await field.lookup(db, part, flags);
        const ruled = asking && !field.repeatable && field.rule ? await field.rule(part) : true;
        if (ruled !== true) throw new UsageError(`${field.name}: ${ruled}`, { [field.name]: [ruled] });
      }
      continue;
    }
    if (!field.required) continue;
    const check = answerCheck(field, db, flags);
    const answer = await required(undefined, field.name, field.question, {
      ...flags,
      validate: check,
      choices: field.choices,
    });
    field.set(field.repeatable ? splitList(answer) : answer);
  }
}

/** A repeatable flag's prompt takes several values at once: `ACME, GLOBEX`. */
const splitList = (answer: string) => answer.split(/[\s,]+/).filter(Boolean);

function answerCheck(field: FormField, db: Knex, flags: CommandFlags) {
  return async (answer: string): Promise<string | true> => {
    for (const part of field.repeatable ? splitList(answer) : [answer]) {
      const ruled = field.rule ? await field.rule(part) : true;
      if (ruled !== true) return ruled;
      if (!field.lookup) continue;
      try {
        await field.lookup(db, part, flags);
      } catch (err) {
        if (!(err instanceof AppError) || !err.isUserError) throw err;
        return err.message.replace(/^\S+: /, ''); // the flag's name: the prompt is for it already
      }
    }
    return true;
  };
}

/** The values a field allows (`oneOf` in the operation's schema): asked as a choice, not typed. */
function fieldChoices(op: { input: unknown }, field: string | undefined): string[] | undefined {
  const schema = reachField(op, field);
  if (!schema) return undefined;
  const allowed = (schema.describe() as { oneOf?: unknown[] }).oneOf ?? [];
  const values = allowed.filter((v): v is string => typeof v === 'string');
  return values.length ? values : undefined;
}

function reachField(op: { input: unknown }, field: string | undefined): yup.Schema | undefined {
  if (!field) return undefined;
  try {
    return yup.reach(op.input as yup.Schema, field) as yup.Schema;
  } catch {
    return undefined;
  }
}

/**
 * The operation's own rule for one input field, for checking a prompt's answer as it is typed
 * (an answer is text, checked as a flag's text would be). No field, or not a text field: any answer.
 */
export function fieldRule(
  op: { input: unknown },
  field: string | undefined,
  typed = false,
): ((answer: string) => Promise<string | true>) | undefined {
  const schema = reachField(op, field);
  if (!schema) return undefined;
  // Text rules only (dates, months, e-mail addresses, reasons) unless the answer is the field's own
  // value: a number field is often filled from a name the command resolves (`--org ACME` →
  // organization_id), so its answer is not the value.
  if (schema.type !== 'string' && !(typed && schema.type === 'number')) return undefined;
  return async (answer) => {
    try {
      // Inside an object, so a message names the field (`The password must…`), not `this`.
      await yup.object({ [field!]: schema }).validate({ [field!]: answer });
      return true;
    } catch (err) {
      // "The slug field may only contain…" → "This field may only contain…": the prompt names it.
      return err instanceof yup.ValidationError
        ? err.message.replace(/^The (request body|\S+ field)/, 'This field')
        : true;
    }
  };
}

export { flagKey, flagName };

/** The fields the arguments, secrets and the command's own flags fill: no derived flag for them. */
function takenFields(spec: { args?: ArgSpec[]; flags?: FlagSpec[]; secrets?: { fields: SecretSpec[] } }) {
  return [
    ...(spec.args ?? []).map((a) => a.field),
    ...(spec.flags ?? []).map((f) => f.field),
    ...(spec.secrets?.fields ?? []).map((s) => s.field),
  ].filter((f): f is string => f !== undefined);
}

/** An operation's refusal with a code the command has a hint for: the same error, the hint added. */
/**
 * An operation's plain 404 ("Lock not found.") names what was typed when the command takes one
 * argument: `LOCK_ID 999999: Lock not found.`, as an unknown name already reads (`EMPLOYEE: no …`).
 */
function withSubject(err: unknown, specs: ArgSpec[] | undefined, given: Record<string, string>): unknown {
  if (!(err instanceof AppError) || err.status !== 404 || Object.keys(err.errors).length) return err;
  if (specs?.length !== 1 || given[specs[0].name] === undefined) return err;
  if (err.message.includes(given[specs[0].name])) return err; // "No delivery 42." names it already
  const arg = specs[0].name.toUpperCase();
  return new AppError(404, `${arg} ${given[specs[0].name]}: ${err.message}`, {
    code: err.code,
    errors: { [arg]: [err.message] },
    details: err.details,
    headers: err.headers,
  });
}

function withHint(err: unknown, hints: Record<string, string> | undefined): unknown {
  if (!(err instanceof AppError) || !err.code || !hints?.[err.code]) return err;
  return new AppError(err.status, `${err.message} (${hints[err.code]})`, {
    code: err.code,
    errors: err.errors,
    details: err.details,
    headers: err.headers,
  });
}

function defaultView<Out>(
  op: { summary: string },
  spec: { json?(r: Out, flags: CommandFlags): unknown },
  result: Out,
  flags: CommandFlags,
): ReactElement {
  const shown = spec.json ? spec.json(result, flags) : result;
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
