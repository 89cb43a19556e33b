// Conventions every command follows (README "CLI conventions"):
// - stdout is for results: one JSON document with --json or when stdout is not a TTY, an Ink view otherwise;
// - human chatter goes to stderr;
// - a missing value is prompted for only when stdin is a TTY, otherwise it is a usage error naming the flag;
// - destructive commands confirm unless --yes;
// - exit codes: 0 ok, 1 operation failed or not confirmed, 2 usage or validation error, 130 Ctrl-C.
import type { ReactElement } from 'react';
import { AppError, UsageError } from '../core/errors.js';
import { cliIo } from './run-context.js';

export interface OutputOptions {
  json?: boolean;
}

export function wantsJson(opts: OutputOptions): boolean {
  return Boolean(opts.json) || !cliIo().stdout.isTTY;
}

export function canPrompt(opts: OutputOptions = {}): boolean {
  const { stdin, stdout } = cliIo();
  return Boolean(stdin.isTTY) && Boolean(stdout.isTTY) && !opts.json;
}

export function printJson(value: unknown): void {
  cliIo().stdout.write(JSON.stringify(value, null, 2) + '\n');
}

export function say(line: string): void {
  cliIo().stderr.write(line + '\n');
}

/** Prints the result: JSON for scripts, the Ink view for people. */
export async function output<T>(
  result: T,
  opts: OutputOptions,
  view: (result: T) => ReactElement,
): Promise<void> {
  if (wantsJson(opts)) return printJson(result);
  await renderOnce(view(result));
}

/**
 * A finished result is drawn once, as text at the terminal's width: a live Ink instance would clear
 * the whole screen (and the operator's scrollback) when the result is taller than the terminal.
 */
export async function renderOnce(element: ReactElement): Promise<void> {
  // Imported here, not above: a run that prints JSON never loads Ink (src/cli/ink.tsx).
  const { loadInk } = await import('./ink.js');
  const { renderToString } = await loadInk();
  const { stdout } = cliIo();
  stdout.write(renderToString(element, { columns: stdout.columns || 80 }) + '\n');
}

/**
 * The value of a flag, prompted for on a TTY when missing; otherwise a usage error naming it.
 * `validate` checks each answer as it is typed (the operation's own rule for that field): a wrong
 * answer is refused on the spot with the rule's message and asked again, so nothing is lost.
 */
export async function required(
  value: string | undefined,
  flag: string,
  question: string,
  opts: OutputOptions & {
    secret?: boolean;
    validate?: (answer: string) => Promise<string | true>;
    /** The values allowed: a menu instead of a typed answer. */
    choices?: readonly string[];
  } = {},
): Promise<string> {
  if (value !== undefined && value !== '') return value;
  if (!canPrompt(opts))
    throw new UsageError(`Missing required option ${flag}.`, { [flag]: [`${flag} is required.`] });
  const prompts = await import('@inquirer/prompts');
  if (opts.choices) {
    return prompts.select({ message: question, choices: opts.choices.map((v) => ({ value: v })) });
  }
  const validate = async (answer: string) => {
    if (answer.trim() === '') return `${flag} is required.`;
    return opts.validate ? opts.validate(answer) : true;
  };
  const answer = opts.secret
    ? await prompts.password({ message: question, mask: '*', validate })
    : await prompts.input({ message: question, required: true, validate });
  return answer;
}

/** Off a terminal, every missing required value is named in one usage error (exit 2). */
export function refuseMissing(missing: string[], opts: OutputOptions): void {
  if (missing.length === 0 || canPrompt(opts)) return;
  const errors: Record<string, string[]> = {};
  for (const name of missing) errors[name] = [`${name} is required.`];
  if (missing.length === 1) throw new UsageError(`Missing required option ${missing[0]}.`, errors);
  throw new UsageError(`Missing required options ${missing.join(', ')}.`, errors);
}

/**
 * The operator answered no: nothing was done, and it was not a mistake in the command line, so
 * exit 1 (not 2, a usage error; not 130, an interrupt) with one line saying so.
 */
export class Declined extends AppError {
  constructor() {
    super(500, 'Not confirmed: nothing was changed.', { code: 'NOT_CONFIRMED' });
  }
}

/** Asks before a destructive step; --yes skips the question; off a TTY --yes is required. */
export async function confirmOrAbort(
  message: string,
  opts: OutputOptions & { yes?: boolean },
): Promise<void> {
  if (opts.yes) return;
  if (!canPrompt(opts))
    throw new UsageError(`${message} Refusing without --yes when not on a terminal.`, {
      '--yes': ['--yes is required off a terminal.'],
    });
  const { confirm } = await import('@inquirer/prompts');
  if (!(await confirm({ message, default: false }))) throw new Declined();
}

/** Reads all of stdin (for --password-stdin and files piped in). */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of cliIo().stdin) chunks.push(Buffer.from(chunk as Buffer | string));
  return Buffer.concat(chunks).toString('utf8');
}
