// Secrets never ride on the command line: argv lands in shell history, `ps` and audit logs of the
// machine. A command that needs secrets asks for them with a hidden prompt on a terminal, or reads
// them from stdin (`--secrets-stdin`, one per line, as `docker login --password-stdin` does), and
// refuses the old argv flags with a message that says what to do instead.
import { Option, type Command } from 'commander';
import { UsageError } from '../core/errors.js';
import { canPrompt, readStdin, type OutputOptions } from './io.js';

export interface SecretSpec {
  /** The operation input field it fills (validation errors name this field). */
  field: string;
  /** The hidden prompt on a terminal. */
  prompt: string;
  /** The argv flag this secret once had (`--secret`): refused with a pointer to stdin. */
  formerFlag?: string;
}

/** Adds `--secrets-stdin` (or the given flag) and hidden refusing versions of the former flags. */
export function secretOptions(cmd: Command, secrets: SecretSpec[], stdinFlag = '--secrets-stdin'): Command {
  const what = secrets.length === 1 ? 'the secret' : `the ${secrets.length} secrets, one per line`;
  cmd.option(stdinFlag, `read ${what} from stdin (${secrets.map((s) => s.field).join(', ')})`);
  for (const s of secrets) if (s.formerFlag) cmd.addOption(new Option(`${s.formerFlag} <value>`).hideHelp());
  return cmd;
}

/**
 * The secrets by field: from stdin with the flag, else hidden prompts, each answer checked as it
 * is typed with `rule(field)` (the operation's own rule: a too-short secret is refused at its
 * prompt, not after the last question); refused from argv.
 */
export async function readSecrets(
  secrets: SecretSpec[],
  flags: OutputOptions & Record<string, unknown>,
  stdinFlag = '--secrets-stdin',
  rule: (field: string) => ((answer: string) => Promise<string | true>) | undefined = () => undefined,
): Promise<Record<string, string>> {
  refuseSecretFlags(secrets, flags, stdinFlag);
  return readSecretsGiven(secrets, flags, stdinFlag, rule);
}

/** A secret's former argv flag (`--secret`) is refused, pointing at stdin. */
export function refuseSecretFlags(
  secrets: SecretSpec[],
  flags: Record<string, unknown>,
  stdinFlag: string,
): void {
  for (const s of secrets) {
    if (s.formerFlag && flags[flagKey(s.formerFlag)] !== undefined) {
      throw new UsageError(
        `${s.formerFlag} is not taken on the command line (it would stay in shell history and ps); ` +
          `pipe it with ${stdinFlag} or leave it out to be asked.`,
        { [s.formerFlag]: ['secrets are not taken on the command line'] },
      );
    }
  }
}

async function readSecretsGiven(
  secrets: SecretSpec[],
  flags: OutputOptions & Record<string, unknown>,
  stdinFlag: string,
  rule: (field: string) => ((answer: string) => Promise<string | true>) | undefined,
): Promise<Record<string, string>> {
  if (flags[flagKey(stdinFlag)]) {
    const lines = (await readStdin()).split(/\r?\n/);
    const out: Record<string, string> = {};
    secrets.forEach((s, i) => (out[s.field] = lines[i] ?? ''));
    return out;
  }
  if (!canPrompt(flags)) {
    const what = secrets.map((s) => s.field).join(' and ');
    throw new UsageError(
      `Missing ${what}: pipe them with ${stdinFlag} (one per line), or run on a terminal.`,
      {
        [stdinFlag]: [`${what} required`],
      },
    );
  }
  const { password } = await import('@inquirer/prompts');
  const out: Record<string, string> = {};
  for (const s of secrets) {
    out[s.field] = await password({
      message: s.prompt,
      mask: '*',
      validate: (answer) => (answer === '' ? 'Required.' : (rule(s.field)?.(answer) ?? true)),
    });
  }
  return out;
}

/** `--secrets-stdin` → `secretsStdin` (commander's key). */
function flagKey(flag: string): string {
  return flag.replace(/^--/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}
