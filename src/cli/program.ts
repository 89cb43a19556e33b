// The `wfctl` program, as commander sees it. A run builds it for its own command line
// (`programFor`): every command is there, but as a stub made from the command table (its name,
// description, arguments and flags: all that --help, a group's --help and shell completion read),
// except the one command that runs, whose file is imported and registered for real. So `wfctl
// --version` imports no command, and `wfctl org list` imports org/list and what it needs, not the
// daemon, the other commands or their libraries. `fullProgram` imports every command: the docs
// script, the command table's generator and the tests walk it.
import { Command, Option } from 'commander';
import { existsSync, readFileSync } from 'node:fs';
import { COMMAND_TABLE } from './command-table.js';
import { COMMAND_MODULES } from './commands/index.js';
import { withExamples } from './help.js';
import { rootHelp } from './root-help.js';
import { cliIo } from './run-context.js';

/** A command as the command table holds it (src/cli/command-table.ts). */
export interface CommandNode {
  name: string;
  description: string;
  /** The command file (a key of COMMAND_MODULES) whose action runs this command. */
  module?: string;
  /** Run when its group is named alone (`wfctl migrate` runs `migrate latest`). */
  isDefault?: true;
  /** In commander's syntax: `<shell>`, `[name]`. */
  arguments?: string[];
  /** In commander's syntax: `--org <code>`, `-y, --yes`. */
  options?: string[];
  /** Options not listed in --help (refused former flags). */
  hidden?: string[];
  /** A group's Examples: the first example of each of its commands. */
  examples?: string[];
  commands?: CommandNode[];
}

/**
 * package.json's version; found by walking up, since src/, dist/src/ and the tests' transpiled
 * .test-build/<run>/src/ sit at different depths.
 */
function version(): string {
  for (const up of ['../../package.json', '../../../package.json', '../../../../package.json']) {
    const url = new URL(up, import.meta.url);
    if (existsSync(url)) return JSON.parse(readFileSync(url, 'utf8')).version;
  }
  return 'unknown';
}

/** `wfctl` itself: its options and its help (src/cli/root-help.ts), no command yet. */
export function rootCommand(): Command {
  const program = new Command('wfctl')
    .description(
      'Attendance, workforce lifecycle and pet-care clinic services: the daemon and its operations.',
    )
    .version(version(), '-v, --version')
    // Read by ./color.js before parsing (colour is decided when chalk loads); declared so that it
    // is accepted anywhere on the line and listed in --help.
    .option('--no-color', 'no colours (as does the NO_COLOR environment variable)')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => cliIo().stdout.write(s),
      writeErr: (s) => cliIo().stderr.write(s),
      // commander's own errors (an unknown command or option) begin as every other error does.
      outputError: (s, write) => write(s.replace(/^error: /, 'wfctl: ')),
    });
  // The root's help is written for one 80×24 screen, its commands grouped by service.
  program.helpInformation = () => rootHelp();
  // Ink only for a run that may draw a view on a stdout that is a terminal (src/cli/ink.tsx); the
  // live progress line (src/cli/progress.ts) needs none. --help and --version run no action.
  program.hook('preAction', async (_program, action) => {
    const json = Boolean(action.opts().json);
    if (cliIo().stdout.isTTY && !json) await (await import('./ink.js')).loadInk();
  });
  return program;
}

/** The program for one command line (`args`: what follows `wfctl`), its command imported. */
export async function programFor(args: readonly string[]): Promise<Command> {
  const program = rootCommand();
  for (const key of modulesFor(args)) (await COMMAND_MODULES[key]()).register(program);
  addStubs(program, COMMAND_TABLE);
  return finish(program);
}

/** Every command imported and registered, in the order of COMMAND_MODULES. */
export async function fullProgram(
  onRegistered?: (module: string, program: Command) => void,
): Promise<Command> {
  const program = rootCommand();
  const keys = Object.keys(COMMAND_MODULES);
  const modules = await Promise.all(keys.map((key) => COMMAND_MODULES[key]()));
  for (const [i, module] of modules.entries()) {
    module.register(program);
    onRegistered?.(keys[i], program);
  }
  addGroupExamples(program);
  return finish(program);
}

/** Every subcommand throws instead of exiting, so run() decides the exit code. */
function finish(program: Command): Command {
  const override = (cmd: Command) => {
    cmd.exitOverride();
    cmd.commands.forEach(override);
  };
  override(program);
  return program;
}

interface FlagSyntax {
  names: string[];
  takesValue: boolean;
}

function flagSyntax(flags: string): FlagSyntax {
  return {
    names: flags.split(/[ ,|]+/).filter((w) => w.startsWith('-')),
    takesValue: /<[^>]*>|\[[^\]]*\]/.test(flags),
  };
}

/**
 * The command files that `args` needs: the command it names (words that are commands, past flags
 * and their values), or a group's default command (`wfctl migrate` runs `migrate latest`). None
 * for --version, --help, a group's --help or an unknown command: the stubs answer those.
 */
export function modulesFor(args: readonly string[]): string[] {
  let siblings: readonly CommandNode[] = COMMAND_TABLE;
  let node: CommandNode | undefined;
  const flags: FlagSyntax[] = [];
  let help = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (word === '--') break;
    if (word.startsWith('-')) {
      if (word === '-h' || word === '--help') help = true;
      const flag = flags.find((f) => f.names.includes(word.split('=')[0]));
      if (flag?.takesValue && !word.includes('=')) i++; // its value is not a command
      continue;
    }
    if (!node && word === 'help') {
      help = true; // `wfctl help org list`
      continue;
    }
    const next = siblings.find((n) => n.name === word);
    if (!next) break; // an argument, or an unknown command (commander says which)
    node = next;
    siblings = next.commands ?? [];
    flags.push(...(next.options ?? []).map(flagSyntax));
  }
  if (!node) return [];
  if (node.module) return [node.module];
  const byDefault = node.commands?.find((c) => c.isDefault);
  return byDefault?.module && !help ? [byDefault.module] : [];
}

/**
 * Adds the table's commands that are not registered yet, as stubs, then puts each group's
 * commands in the table's order. A stub has everything but its action: it is never run, since the
 * command a line names is imported before its stub would be made.
 */
function addStubs(parent: Command, nodes: readonly CommandNode[]): void {
  for (const node of nodes) {
    let cmd = parent.commands.find((c) => c.name() === node.name);
    // Made here, or made bare by the file of one of its commands (`jobs show` makes `jobs`).
    const stub = !cmd || (node.module !== undefined && !hasAction(cmd));
    cmd ??= parent.command(node.name, node.isDefault ? { isDefault: true } : {});
    if (!cmd.description()) cmd.description(node.description);
    if (stub) {
      for (const arg of node.arguments ?? []) cmd.argument(arg);
      for (const flags of node.options ?? []) cmd.option(flags);
      for (const flags of node.hidden ?? []) cmd.addOption(new Option(flags).hideHelp());
      if (node.module) {
        const path = pathOf(cmd).join(' ');
        cmd.action(() => {
          throw new Error(`wfctl ${path}: its command file was not loaded`);
        });
      }
    }
    if (node.examples) withExamples(cmd, node.examples);
    addStubs(cmd, node.commands ?? []);
  }
  const order = nodes.map((n) => n.name);
  const rank = (c: Command) => (order.includes(c.name()) ? order.indexOf(c.name()) : order.length);
  (parent.commands as Command[]).sort((a, b) => rank(a) - rank(b));
}

export function pathOf(cmd: Command): string[] {
  const words: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) words.unshift(c.name());
  return words;
}

/** Whether the command runs something (`wfctl jobs` does, and is a group too; `wfctl org` does not). */
export function hasAction(cmd: Command): boolean {
  return Boolean((cmd as unknown as { _actionHandler?: unknown })._actionHandler);
}

/** What `cmd --help` prints, its Examples included. */
export function helpOf(cmd: Command): string {
  let text = '';
  const saved = cmd.configureOutput();
  cmd.configureOutput({ ...saved, writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
  try {
    cmd.outputHelp();
  } finally {
    cmd.configureOutput(saved);
  }
  return text;
}

/** The example lines of a command's --help (`wfctl org list --json`). */
export function examplesOf(cmd: Command): string[] {
  const help = helpOf(cmd);
  const start = help.indexOf('\nExamples:\n');
  if (start === -1) return [];
  return [...help.slice(start).matchAll(/^ {2}\$ (.*)$/gm)].map((m) => m[1]);
}

/**
 * A group (`wfctl migrate`, `wfctl partner secret`) shows, as its Examples, the first example of
 * each of its commands: a line to paste for each, kept true by the commands themselves.
 */
function addGroupExamples(cmd: Command): void {
  for (const sub of cmd.commands) addGroupExamples(sub);
  if (cmd.parent && cmd.commands.length && !hasAction(cmd)) {
    const examples = cmd.commands.map((sub) => examplesOf(sub)[0]).filter(Boolean);
    if (examples.length) withExamples(cmd, examples);
  }
}

/**
 * The command table of a program: what src/cli/command-table.ts holds (scripts/commands.ts writes
 * it from `fullProgram`; test/cli/startup.test.ts checks it against the command files).
 */
export async function describeCommands(): Promise<CommandNode[]> {
  const owner = new Map<Command, string>();
  const program = await fullProgram((module, program) => {
    const walk = (cmd: Command) => {
      if (hasAction(cmd) && !owner.has(cmd)) owner.set(cmd, module);
      cmd.commands.forEach(walk);
    };
    walk(program);
  });
  const describe = (cmd: Command): CommandNode => {
    const parent = cmd.parent as unknown as { _defaultCommandName?: string | null };
    const options = cmd.options.filter((o) => !o.hidden).map((o) => o.flags);
    const hidden = cmd.options.filter((o) => o.hidden).map((o) => o.flags);
    const args = cmd.registeredArguments.map((a) => {
      const name = a.name() + (a.variadic ? '...' : '');
      return a.required ? `<${name}>` : `[${name}]`;
    });
    return {
      name: cmd.name(),
      description: cmd.description(),
      ...(owner.has(cmd) ? { module: owner.get(cmd) } : {}),
      ...(parent._defaultCommandName === cmd.name() ? { isDefault: true as const } : {}),
      ...(args.length ? { arguments: args } : {}),
      ...(options.length ? { options } : {}),
      ...(hidden.length ? { hidden } : {}),
      ...(cmd.commands.length && !hasAction(cmd) ? { examples: examplesOf(cmd) } : {}),
      ...(cmd.commands.length ? { commands: cmd.commands.map(describe) } : {}),
    };
  };
  return program.commands.map(describe);
}
