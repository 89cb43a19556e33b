// A run of `wfctl` imports only the file of the command it runs; every other command is a stub made
// from the command table (src/cli/program.ts). These tests hold the table to the command files and
// the program of any command line to the whole program: same commands, descriptions, arguments,
// flags and group examples, and the same completion script. No database: nothing is run.
import test from 'ava';
import type { Command } from 'commander';
import { COMMAND_TABLE } from '../../src/cli/command-table.js';
import { COMMAND_MODULES } from '../../src/cli/commands/index.js';
import { completionScript } from '../../src/cli/commands/completion.js';
import {
  describeCommands,
  examplesOf,
  fullProgram,
  hasAction,
  modulesFor,
  pathOf,
  programFor,
  type CommandNode,
} from '../../src/cli/program.js';

const full = await fullProgram();

test('the command table is made from the command files (run `npm run commands` after changing a command)', async (t) => {
  t.deepEqual(COMMAND_TABLE, await describeCommands());
});

test('every command file runs a command of the table', (t) => {
  const used = new Set<string>();
  const walk = (nodes: readonly CommandNode[]) => {
    for (const n of nodes) {
      if (n.module) used.add(n.module);
      walk(n.commands ?? []);
    }
  };
  walk(COMMAND_TABLE);
  t.deepEqual(
    Object.keys(COMMAND_MODULES).filter((m) => !used.has(m)),
    [],
  );
});

test('a command line imports the file of the command it names, and no other', (t) => {
  const cases: Array<[string[], string[]]> = [
    [['--version'], []],
    [['--help'], []],
    [[], []],
    [['frobnicate'], []],
    [['org'], []],
    [['org', '--help'], []],
    [['org', 'list'], ['org/list']],
    [['org', 'list', '--json'], ['org/list']],
    [['--no-color', 'org', 'list', '--help'], ['org/list']],
    [['help', 'org', 'list'], ['org/list']],
    [['partner', 'secret', 'rotate', 'Paywise'], ['partner/secret/rotate']],
    [['offboard', 'A1001', '--last-day', '2026-11-30'], ['offboard']],
    // `wfctl migrate` runs its default command; its --help is the group's
    [['migrate'], ['migrate/latest']],
    [['migrate', '--json'], ['migrate/latest']],
    [['migrate', '--help'], []],
    [['migrate', 'status'], ['migrate/status']],
    // `jobs` runs, and is a group: a flag's value is not taken for a command
    [['jobs'], ['jobs']],
    [['jobs', '--status', 'failed'], ['jobs']],
    [['jobs', '--name', 'show'], ['jobs']],
    [['jobs', '--name=show'], ['jobs']],
    [['jobs', 'show', '17'], ['jobs/show']],
    [['completion', 'bash'], ['completion']],
    [['serve', '--', 'org'], ['serve']],
  ];
  for (const [args, modules] of cases) t.deepEqual(modulesFor(args), modules, `wfctl ${args.join(' ')}`);
});

interface Shape {
  description: string;
  arguments: string[];
  options: string[];
  runs: boolean;
  isDefault: boolean;
  examples?: string[];
}

/** Each command by its path: what a stub has to match of the real command. */
function shapes(program: Command): Map<string, Shape> {
  const out = new Map<string, Shape>();
  const walk = (cmd: Command) => {
    for (const sub of cmd.commands) {
      const parent = cmd as unknown as { _defaultCommandName?: string | null };
      out.set(pathOf(sub).join(' '), {
        description: sub.description(),
        arguments: sub.registeredArguments.map((a) => `${a.required ? '<' : '['}${a.name()}`),
        options: sub.options.map((o) => `${o.flags}${o.hidden ? ' (hidden)' : ''}`),
        runs: hasAction(sub),
        isDefault: parent._defaultCommandName === sub.name(),
        ...(sub.commands.length && !hasAction(sub) ? { examples: examplesOf(sub) } : {}),
      });
      walk(sub);
    }
  };
  walk(program);
  return out;
}

const LINES = [
  ['--version'],
  ['--help'],
  ['migrate', '--help'],
  ['migrate'],
  ['org', 'list', '--json'],
  ['jobs'],
  ['jobs', 'show', '17'],
  ['schedule', 'run', 'lock-months'],
  ['partner', 'secret', 'rotate', 'Paywise'],
  ['tenant', 'member', 'add'],
  ['completion', 'bash'],
];

for (const args of LINES) {
  test(`the program for \`wfctl ${args.join(' ')}\` has every command, as the whole program has it`, async (t) => {
    const program = await programFor(args);
    const want = shapes(full);
    const got = shapes(program);
    t.deepEqual([...got.keys()], [...want.keys()]); // same commands, same order
    for (const [path, shape] of want) t.deepEqual(got.get(path), shape, `wfctl ${path}`);
    t.is(program.helpInformation(), full.helpInformation());
  });
}

test('shell completion made from the stubs is the one made from the command files', async (t) => {
  const program = await programFor(['completion', 'bash']);
  for (const shell of ['bash', 'zsh', 'fish'] as const) {
    t.is(completionScript(program, shell), completionScript(full, shell), shell);
  }
});

test('a group’s --help from the stubs is the one from the command files', async (t) => {
  for (const path of [['migrate'], ['partner'], ['partner', 'secret'], ['tenant', 'member'], ['jobs']]) {
    const find = (program: Command) =>
      path.reduce<Command>((cmd, word) => cmd.commands.find((c) => c.name() === word)!, program);
    const help = (cmd: Command) => {
      let text = '';
      cmd.configureOutput({ writeOut: (s) => (text += s) });
      cmd.outputHelp();
      return text;
    };
    const lazy = await programFor([...path, '--help']);
    t.is(help(find(lazy)), help(find(full)), `wfctl ${path.join(' ')} --help`);
  }
});
