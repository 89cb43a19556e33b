// Helpers shared by the identity commands (user, token, device, partner): acting user, repeatable
// options, reading a password, and naming the command-line flag in validation errors.
import type { Command } from 'commander';
import { UsageError, ValidationError, type FieldErrors } from '../../core/errors.js';
import type { Services } from '../../core/services.js';
import { loadActor } from '../../workforce/identity/actor.js';
import type { UserPrincipal } from '../../workforce/identity/principal.js';
import { readStdin, required } from '../io.js';

export interface CommonOptions {
  actor?: string;
  json?: boolean;
}

export function withCommonOptions(cmd: Command): Command {
  return cmd
    .option('--actor <email>', 'act as this user (default: the built-in system user)')
    .option('--json', 'print JSON');
}

export const collect = (value: string, previous: string[] = []) => [...previous, value];

export function actorFor(services: Services, opts: CommonOptions): Promise<UserPrincipal> {
  return loadActor(services.db, opts.actor);
}

/**
 * Runs an operation and rewrites its 422 field names into the flags the user typed, so
 * `--kind` is named instead of `kind`. Exit code 2 either way.
 */
export async function asFlags<T>(work: () => Promise<T>, flags: Record<string, string>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const errors: FieldErrors = {};
    const rename = (text: string) =>
      Object.entries(flags).reduce(
        (s, [field, flag]) =>
          s.replace(new RegExp(`\\bThe ${field}(\\[\\d+\\])? field\\b|\\bThe ${field}\\b`, 'g'), flag),
        text,
      );
    for (const [field, messages] of Object.entries(err.errors)) {
      const flag = flags[field.replace(/\[\d+\]$/, '')] ?? field;
      (errors[flag] ??= []).push(...messages.map(rename));
    }
    // The headline names the flag too, even when the operation's message did not name its field.
    let message = rename(err.message);
    const named = Object.keys(errors);
    if (named.length && !named.some((flag) => message.includes(flag))) message = `${named[0]}: ${message}`;
    throw new UsageError(message, errors);
  }
}

/** A password from stdin (--password-stdin), else a hidden prompt on a terminal, else exit 2. */
export async function readPassword(opts: { passwordStdin?: boolean; json?: boolean }): Promise<string> {
  if (opts.passwordStdin) {
    const text = (await readStdin()).replace(/\r?\n$/, '');
    if (!text)
      throw new UsageError('--password-stdin: stdin was empty.', {
        '--password-stdin': ['no password on stdin'],
      });
    return text;
  }
  return required(undefined, '--password-stdin', 'Password', { ...opts, secret: true });
}

export function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9][0-9]{0,15}$/.test(value)) {
    throw new UsageError(`${name} must be a positive whole number (got ${value}).`, {
      [name]: ['must be a positive whole number'],
    });
  }
  return Number(value);
}
