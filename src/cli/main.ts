// The `wfctl` program: commander wiring only. Each command file registers its commands.
import './color.js'; // first: decides colour before chalk is loaded
import './terminal-size.js';
import { existsSync, readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { ConfigError, isDebug, loadConfig } from '../config.js';
import { AppError } from '../core/errors.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import { examplesText } from './help.js';
import { printJson } from './io.js';
import { registerServe } from './commands/serve.js';
import { registerSeed } from './commands/seed.js';
import { registerCommands } from './commands/index.js';

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** package.json's version; found by walking up, since src/ and dist/src/ sit at different depths. */
function version(): string {
  for (const up of ['../../package.json', '../../../package.json']) {
    const url = new URL(up, import.meta.url);
    if (existsSync(url)) return JSON.parse(readFileSync(url, 'utf8')).version;
  }
  return 'unknown';
}

export function buildProgram(): Command {
  const program = new Command('wfctl')
    .description(
      'Attendance, workforce lifecycle and pet-care clinic services: the daemon and its operations.',
    )
    .version(version(), '-v, --version')
    // Read by ./color.js before parsing (colour is decided when chalk loads); declared so that it
    // is accepted anywhere on the line and listed in --help.
    .option('--no-color', 'no colours (as does the NO_COLOR environment variable)')
    .addHelpText(
      'after',
      examplesText([
        'wfctl serve',
        'wfctl migrate status',
        'wfctl org list',
        'wfctl offboard A1001 --last-day 2026-11-30 --reason Resigned --dry-run',
        'wfctl partner push --dry-run --json',
        'wfctl <command> --help',
      ]),
    )
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  registerServe(program);
  registerSeed(program);
  registerCommands(program);
  // Every subcommand throws instead of exiting, so run() decides the exit code.
  const override = (cmd: Command) => {
    cmd.exitOverride();
    cmd.commands.forEach(override);
  };
  override(program);
  return program;
}

/** Runs the program; returns (and sets) the exit code instead of calling process.exit mid-flight. */
export async function run(argv: string[]): Promise<number> {
  ignoreClosedStdout();
  const program = buildProgram();
  let code: number = EXIT.ok;
  try {
    await program.parseAsync(argv);
  } catch (err) {
    code = report(err, argv.includes('--json'));
  }
  process.exitCode = code;
  return code;
}

/**
 * `wfctl … --json | head -1`: the reader may leave before the output is written. That is not a
 * failure of the command (the operation has already committed or not); without a listener Node
 * would crash with an unhandled EPIPE and a stack trace. Any other stdout error still surfaces.
 */
function ignoreClosedStdout(): void {
  if (process.stdout.listenerCount('error') > 0) return;
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
  });
}

/** Ctrl-C: the shell's convention for a process ended by SIGINT. */
export const EXIT_INTERRUPTED = 130;

function report(err: unknown, json: boolean): number {
  // Ctrl-C at a prompt (inquirer's ExitPromptError): nothing was changed yet, so a quiet word.
  if ((err as Error | null)?.name === 'ExitPromptError') {
    process.stderr.write('Aborted.\n');
    return EXIT_INTERRUPTED;
  }
  if (err instanceof CommanderError) {
    if (
      err.code === 'commander.helpDisplayed' ||
      err.code === 'commander.version' ||
      err.code === 'commander.help'
    ) {
      return EXIT.ok;
    }
    return EXIT.usage; // commander already printed the message
  }
  if (err instanceof ConfigError) {
    process.stderr.write(`wfctl: ${err.message}\n`);
    if (json) printJson({ message: err.message, errors: { [err.variable]: [err.message] } });
    return EXIT.usage;
  }
  if (err instanceof AppError) {
    process.stderr.write(`wfctl: ${err.message}\n`);
    for (const [field, messages] of Object.entries(err.errors)) {
      for (const m of messages) if (m !== err.message) process.stderr.write(`  ${field}: ${m}\n`);
    }
    if (json)
      printJson({
        message: err.message,
        errors: err.errors,
        ...(err.code ? { code: err.code } : {}),
        ...err.details,
      });
    return err.isUserError ? EXIT.usage : EXIT.failed;
  }
  const operating = operatingProblem(err);
  if (operating) {
    process.stderr.write(`wfctl: ${operating}\n`);
    if (json) printJson({ message: operating, errors: {} });
    return EXIT.failed;
  }
  const e = err as Error;
  // Driver errors carry the whole SQL statement (a bulk insert can be megabytes): show its start.
  const message = String(e?.message ?? err);
  const shown = message.length > 500 ? `${message.slice(0, 500)}… (${message.length} characters)` : message;
  process.stderr.write(`wfctl: unexpected error: ${shown}\n`);
  if (isDebug()) process.stderr.write(`${e?.stack}\n`);
  return EXIT.failed;
}

/**
 * Problems of the machine, not bugs: said plainly, without a stack trace (exit 1, so cron mails
 * the operator). The database's address is shown without its password.
 */
function operatingProblem(err: unknown): string | null {
  const e = err as { code?: string; message?: string; address?: string; port?: number } | null;
  if (e?.code === 'EADDRINUSE') {
    return `cannot listen on ${e.address ?? 'the address'}:${e.port ?? '?'}: the port is in use (another wfctl serve?). Stop it or set WORKFORCE_PORT / CLINIC_PORT.`;
  }
  if (e?.code === 'EACCES' && e.port !== undefined) {
    return `cannot listen on port ${e.port}: permission denied (ports below 1024 need privileges).`;
  }
  if (isDatabaseUnavailable(err)) {
    const where = databaseShown();
    if (e?.code === 'ER_BAD_DB_ERROR')
      return `the database ${where} does not exist; create it, then run \`wfctl migrate\`.`;
    if (e?.code === 'ER_ACCESS_DENIED_ERROR')
      return `the database ${where} refused the user or password in DATABASE_URL.`;
    return `cannot reach the database ${where} (${e?.code ?? e?.message ?? 'no answer'}); is it running?`;
  }
  return null;
}

/** DATABASE_URL as the configuration read it (it is valid: the connection was tried), no password. */
function databaseShown(): string {
  try {
    const u = new URL(loadConfig().database.url);
    u.password = '';
    return u.toString();
  } catch {
    return '(DATABASE_URL)';
  }
}
