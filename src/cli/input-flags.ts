// A command's flags derived from its operation's input (issue 27): each input field the command
// does not fill itself is a flag, `--field-name` from `field_name`, whose help is the field's
// description in the schema (`.meta({ description })` or `.label()`), required when the field is,
// a switch for a boolean, repeatable for a list. The command declares only what differs: the
// fields it fills itself (`skip`: an id resolved from a name, `tenant_id` from --tenant) and, by
// field, a documented flag name, help text or prompt that is not the derived one. The input is
// then the given flags' values, parsed by their field's type; the operation's schema checks them
// (the runner's 422 names the flag, see `namingFlags`) and its rule checks a prompt's answers.
import { AppError, ValidationError } from '../core/errors.js';
import { yup } from '../core/validation.js';
import type { ArgSpec, FlagSpec } from './command.js';

/** What a command says about one input field when the derived flag is not the documented one. */
export type FieldFlag = Partial<Omit<FlagSpec, 'field'>>;

export interface InputFlags {
  /** Fields offered by no derived flag: the command fills them in toInput, or leaves them out. */
  skip?: readonly string[];
  /** By field: what differs from the derivation; a string is the commander syntax alone. */
  fields?: Record<string, string | FieldFlag>;
}

interface FieldDescription {
  type: string;
  optional?: boolean;
  label?: string;
  meta?: { description?: string };
  oneOf?: unknown[];
}

function describeFields(schema: unknown): Record<string, FieldDescription> {
  const described = (schema as yup.Schema).describe() as { fields?: Record<string, FieldDescription> };
  return described.fields ?? {};
}

/** `date_of_birth` → `--date-of-birth`. */
export const flagOfField = (field: string) => `--${field.replace(/_/g, '-')}`;

/** The value a flag's help shows: `<id>`, `<date>`, or the field's last word (`<minutes>`). */
function placeholder(field: string): string {
  if (/date|_on$|_day$/.test(field)) return '<date>';
  if (/notes|reason|description/.test(field)) return '<text>';
  return `<${field.split('_').pop()}>`;
}

/**
 * The flags of the operation's input fields, in the schema's order, leaving out the fields that
 * arguments, secrets or the command's own flags fill (`taken`) and those the declaration skips.
 */
export function inputFlags(schema: unknown, declared: InputFlags, taken: readonly string[] = []): FlagSpec[] {
  const skipped = new Set([...taken, ...(declared.skip ?? [])]);
  const flags: FlagSpec[] = [];
  for (const [field, d] of Object.entries(describeFields(schema))) {
    if (skipped.has(field)) continue;
    const own = declared.fields?.[field];
    const given: FieldFlag = typeof own === 'string' ? { flags: own } : (own ?? {});
    const list = d.type === 'array';
    const syntax = d.type === 'boolean' ? flagOfField(field) : `${flagOfField(field)} ${placeholder(field)}`;
    flags.push({
      flags: syntax,
      description: withChoices(d.meta?.description ?? d.label, field, d.oneOf),
      required: d.optional === false && d.type !== 'boolean',
      prompt: `${d.label ?? sentence(field)}?`,
      ...(list ? { repeatable: true } : {}),
      ...given,
      field,
      typed: true,
    });
  }
  for (const field of Object.keys(declared.fields ?? {})) {
    if (!flags.some((f) => f.field === field) && !skipped.has(field)) {
      throw new Error(`The input has no field ${field} to declare a flag for.`); // a typo in a command
    }
  }
  return flags;
}

/**
 * The command's own flags that fill no field (`--tenant`) first, then every flag that fills one in
 * the order of the input's fields (a list's `--page` stays last).
 */
export function inSchemaOrder(schema: unknown, flags: readonly FlagSpec[]): FlagSpec[] {
  const order = Object.keys(describeFields(schema));
  const rank = (f: FlagSpec) => (f.field === undefined ? -1 : order.indexOf(f.field) + 1 || order.length + 1);
  return [...flags].sort((a, b) => rank(a) - rank(b));
}

/** `client_id` → `Client id`: the question a required field's prompt asks by default. */
const sentence = (field: string) => field.charAt(0).toUpperCase() + field.slice(1).replace(/_/g, ' ');

/** A field that allows some values only says which, unless its description does already. */
function withChoices(description: string | undefined, field: string, oneOf: unknown[] | undefined): string {
  const values = (oneOf ?? []).filter((v): v is string => typeof v === 'string');
  if (!values.length) return description ?? field.replace(/_/g, ' ');
  if (!description) return `one of ${values.join(', ')}`;
  return values.some((v) => description.includes(v))
    ? description
    : `${description} (one of ${values.join(', ')})`;
}

/**
 * The input the given flags and arguments fill: each value parsed by the flag's `parse` or its
 * field's type (a number from its text, a switch as true, a list as given). Text that is not a
 * number is kept as typed, so the operation's schema refuses it with the 422 that names the flag.
 * A field the command resolves from a name (`--org ACME`) is laid over by its toInput.
 */
export function inputOf(
  schema: unknown,
  fills: { flags: readonly FlagSpec[]; args?: readonly ArgSpec[] },
  args: Record<string, string>,
  flags: Record<string, unknown>,
): Record<string, unknown> {
  const types = describeFields(schema);
  const input: Record<string, unknown> = {};
  const put = (field: string | undefined, value: unknown) => {
    if (field === undefined || value === undefined) return;
    const type = types[field]?.type;
    input[field] = type === 'number' ? toNumber(value) : type === 'boolean' ? Boolean(value) : value;
  };
  // An argument is often a code the operation reads as one (`E042`, or `1001`): kept as typed.
  for (const a of fills.args ?? []) if (a.field && args[a.name] !== undefined) input[a.field] = args[a.name];
  for (const f of fills.flags) {
    const value = flags[flagKey(f.flags)];
    if (f.parse && f.field && value !== undefined) input[f.field] = f.parse(value);
    else put(f.field, value);
  }
  return input;
}

function toNumber(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
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

/** Input field → what the user typed to fill it: a flag (`--last-day`) or an argument (`EMAIL`). */
export function inputNames(spec: {
  args?: readonly ArgSpec[];
  flags?: readonly FlagSpec[];
}): Map<string, string> {
  const names = new Map<string, string>();
  for (const f of spec.flags ?? []) if (f.field) names.set(f.field, flagName(f.flags));
  for (const a of spec.args ?? []) if (a.field) names.set(a.field, a.name.toUpperCase());
  return names;
}

/**
 * A 422 that names input fields is re-worded with the flags and arguments that fill them
 * (`--last-day`, `EMAIL`); when its message names none of them, the message is headed by the first.
 * So is the refs' unknown name (a 404 naming its field, core/near-match.ts), keeping its status.
 */
export async function namingFlags<T>(byField: Map<string, string>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUnknownReference(err) && byField.size) throw renamedReference(byField, err);
    if (!(err instanceof ValidationError)) throw err;
    if (!byField.size) throw err;
    const errors: Record<string, string[]> = {};
    const named: string[] = [];
    for (const [field, messages] of Object.entries(err.errors)) {
      const root = [...byField.keys()].find(
        (f) => field === f || field.startsWith(`${f}[`) || field.startsWith(`${f}.`),
      );
      const flag = root ? field.replace(root, byField.get(root)!) : field;
      if (root) named.push(flag);
      // A value read from stdin keeps its name in the sentence: `--password-stdin: The password must…`.
      const reword = root && !flag.endsWith('-stdin');
      errors[flag] = messages.map((m) => (reword ? m.replace(`The ${field}`, `The ${flag}`) : m));
    }
    const renamed = new ValidationError(errors);
    if (!named.length || named.some((flag) => renamed.message.includes(flag))) throw renamed;
    throw new ValidationError(errors, `${named[0]}: ${renamed.message}`);
  }
}

/** The refs' unknown name (src/core/near-match.ts): a 404 naming its one field. */
function isUnknownReference(err: unknown): err is AppError {
  return err instanceof AppError && err.status === 404 && Object.keys(err.errors).length === 1;
}

/** `grant: no organization NOPE.` → `--grant: no organization NOPE.`, still a 404 (exit 2). */
function renamedReference(byField: Map<string, string>, err: AppError): AppError {
  const [field, messages] = Object.entries(err.errors)[0];
  const flag = byField.get(field);
  if (!flag) return err;
  const renamed = messages.map((m) =>
    m.startsWith(`${field}: `) ? `${flag}: ${m.slice(field.length + 2)}` : m,
  );
  return new AppError(err.status, renamed[0], {
    code: err.code,
    errors: { [flag]: renamed },
    details: err.details,
  });
}
