// The `wfctl` program: run() builds the program for its command line (src/cli/program.ts: only the
// command that runs is imported), parses it and turns what went wrong into an exit code.
import './color.js'; // first: decides colour before chalk is loaded
import './terminal-size.js';
import type { Command } from 'commander';
import { CommanderError } from 'commander';
import { AppError } from '../core/errors.js';
import { isDebug, withEnvironment } from '../environment.js';
import { inkOnDemand } from './ink-on-demand.js';
import { printJson } from './io.js';
import { fullProgram, programFor } from './program.js';
import { cliIo, withCliIo, type CliIo } from './run-context.js';

export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** Every command imported and registered: what the docs script and the tests walk. */
export function buildProgram(): Promise<Command> {
  return fullProgram();
}

/** Runs the program; returns (and sets) the exit code instead of calling process.exit mid-flight. */
export async function run(argv: string[]): Promise<number> {
  ignoreClosedStdout();
  const code = await execute(argv);
  process.exitCode = code;
  return code;
}

/**
 * One run with the caller's streams, environment and services (src/cli/run-context.ts), touching
 * no process global: neither the process's stdout nor its environment nor its exit code. The tests run the
 * CLI in their own process this way; runs may overlap.
 */
export async function runWith(argv: string[], io: CliIo & Required<Pick<CliIo, 'env'>>): Promise<number> {
  return withEnvironment(io.env, () => withCliIo(io, () => execute(argv)));
}

async function execute(argv: string[]): Promise<number> {
  inkOnDemand.value = true;
  try {
    const program = await programFor(argv.slice(2));
    await program.parseAsync(argv);
    return EXIT.ok;
  } catch (err) {
    return report(err, argv.includes('--json'));
  }
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

async function report(err: unknown, json: boolean): Promise<number> {
  // Ctrl-C at a prompt (inquirer's ExitPromptError): nothing was changed yet, so a quiet word.
  if ((err as Error | null)?.name === 'ExitPromptError') {
    cliIo().stderr.write('Aborted.\n');
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
  // Imported here: --version and --help (commander's exits above) never read the configuration.
  const { ConfigError } = await import('../config.js');
  if (err instanceof ConfigError) {
    cliIo().stderr.write(`wfctl: ${err.message}\n`);
    if (json) printJson({ message: err.message, errors: { [err.variable]: [err.message] } });
    return EXIT.usage;
  }
  if (err instanceof AppError) {
    cliIo().stderr.write(`wfctl: ${err.message}\n`);
    for (const [field, messages] of Object.entries(err.errors)) {
      // A field's message the first line already says (`--month: 2026-11 has not …`, or `Missing
      // required option --org.` for `--org is required.`) is not repeated.
      for (const m of messages) {
        const said =
          err.message.includes(m) || (m === `${field} is required.` && err.message.includes(field));
        if (!said) cliIo().stderr.write(`  ${field}: ${m}\n`);
      }
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
  const operating = await operatingProblem(err);
  if (operating) {
    cliIo().stderr.write(`wfctl: ${operating}\n`);
    if (json) printJson({ message: operating, errors: {} });
    return EXIT.failed;
  }
  const e = err as Error;
  // Driver errors carry the whole SQL statement (a bulk insert can be megabytes): show its start.
  const message = String(e?.message ?? err);
  const shown = message.length > 500 ? `${message.slice(0, 500)}… (${message.length} characters)` : message;
  cliIo().stderr.write(`wfctl: unexpected error: ${shown}\n`);
  if (isDebug()) cliIo().stderr.write(`${e?.stack}\n`);
  return EXIT.failed;
}

/**
 * Problems of the machine, not bugs: said plainly, without a stack trace (exit 1, so cron mails
 * the operator). The database's address is shown without its password.
 */
async function operatingProblem(err: unknown): Promise<string | null> {
  const e = err as { code?: string; message?: string; address?: string; port?: number } | null;
  if (e?.code === 'EADDRINUSE') {
    return `cannot listen on ${e.address ?? 'the address'}:${e.port ?? '?'}: the port is in use (another wfctl serve?). Stop it or set WORKFORCE_PORT / CLINIC_PORT.`;
  }
  if (e?.code === 'EACCES' && e.port !== undefined) {
    return `cannot listen on port ${e.port}: permission denied (ports below 1024 need privileges).`;
  }
  // Imported here: a run that goes well never needs it.
  const { databaseProblem } = await import('./database-problem.js');
  const { loadConfig } = await import('../config.js');
  try {
    const config = loadConfig();
    return databaseProblem(err, config.database.url, config.dbConnectTimeoutMs);
  } catch {
    return databaseProblem(err, '', 0); // the configuration itself did not load: said elsewhere
  }
}
