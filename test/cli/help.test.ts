// Every command's --help ends with examples a person can paste: each example runs the command it
// documents and uses only flags that command accepts (a renamed flag breaks this test, not the
// operator's copy-paste). Groups show an example of each of their commands. The root help is
// grouped by service and fits one 80×24 screen. No database: the program is built, or run for --help.
import test from 'ava';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli/main.js';
import { ROOT_EXAMPLES, ROOT_SECTIONS } from '../../src/cli/root-help.js';
import { runCli } from '../helpers/cli.js';
import { openTerminal, terminalTest } from '../helpers/tty.js';

function helpOf(cmd: Command): string {
  let text = '';
  cmd.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
  cmd.outputHelp();
  return text;
}

function pathOf(cmd: Command): string[] {
  const words: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) words.unshift(c.name());
  return words;
}

/** Commands that do something (not a pure group such as `wfctl partner`), `help` left out. */
function runnable(program: Command): Command[] {
  const all: Command[] = [];
  const walk = (cmd: Command) => {
    for (const sub of cmd.commands) {
      if (sub.name() === 'help') continue;
      const hasAction = Boolean((sub as unknown as { _actionHandler?: unknown })._actionHandler);
      if (hasAction || sub.commands.length === 0) all.push(sub);
      walk(sub);
    }
  };
  walk(program);
  return all;
}

/** The words of `wfctl …` in an example line, up to a pipe, redirection or closing parenthesis. */
function invocation(example: string): string[] {
  const start = example.search(/(^|[\s(])wfctl\s/);
  const words = example.slice(start).match(/"[^"]*"|'[^']*'|\S+/g) ?? [];
  const end = words.findIndex((w) => /^(\||>|\)|&&|;)/.test(w));
  return words.slice(1, end === -1 ? undefined : end).map((w) => w.replace(/\)$/, ''));
}

function flagsAccepted(cmd: Command): Set<string> {
  const names = new Set(['--help', '-h']);
  for (let c: Command | null = cmd; c; c = c.parent) {
    for (const o of c.options) {
      if (o.long) names.add(o.long);
      if (o.short) names.add(o.short);
    }
  }
  return names;
}

test('every command has an Examples section', async (t) => {
  const program = await buildProgram();
  const missing = runnable(program)
    .filter((cmd) => !/\nExamples:\n {2}\$ /.test(helpOf(cmd)))
    .map((cmd) => pathOf(cmd).join(' '));
  t.deepEqual(missing, []);
  t.regex(helpOf(program), /\nExamples:\n {2}\$ wfctl /);
});

test('each example runs its own command with flags that command accepts', async (t) => {
  const program = await buildProgram();
  for (const cmd of runnable(program)) {
    const path = pathOf(cmd);
    const examples = [...helpOf(cmd).matchAll(/^ {2}\$ (.*)$/gm)].map((m) => m[1]);
    for (const example of examples) {
      const words = invocation(example);
      // `wfctl migrate` runs `migrate latest`, its group's default command
      const isDefault =
        (cmd.parent as unknown as { _defaultCommandName?: string })._defaultCommandName === cmd.name();
      const named = isDefault && words[path.length - 1] !== cmd.name() ? path.slice(0, -1) : path;
      t.deepEqual(words.slice(0, named.length), named, `"${example}" is not \`wfctl ${path.join(' ')}\``);
      const accepted = flagsAccepted(cmd);
      for (const word of words.slice(named.length).filter((w) => /^--?[a-z]/.test(w))) {
        const flag = word.split('=')[0];
        t.true(accepted.has(flag), `wfctl ${path.join(' ')}: the example "${example}" uses ${flag}`);
      }
    }
  }
});

test('--no-color is accepted anywhere on the line and listed in the help', async (t) => {
  const program = await buildProgram();
  t.regex(helpOf(program), /--no-color/);
  const list = program.commands.find((c) => c.name() === 'org')!.commands.find((c) => c.name() === 'list')!;
  t.true(flagsAccepted(list).has('--no-color'));
});

test('every command and group is described in sentence case', async (t) => {
  const lower: string[] = [];
  const walk = (cmd: Command) => {
    for (const sub of cmd.commands) {
      if (sub.name() === 'help') continue;
      if (!/^[A-Z]/.test(sub.description())) lower.push(`${pathOf(sub).join(' ')}: ${sub.description()}`);
      walk(sub);
    }
  };
  walk(await buildProgram());
  t.deepEqual(lower, []);
});

test('the root help is grouped by service and fits an 80×24 screen with the line typed and the next prompt', async (t) => {
  const r = await runCli(['--help']);
  t.is(r.code, 0);
  const lines = r.stdout.replace(/\n$/, '').split('\n');
  t.true(lines.length <= 22, `${lines.length} lines:\n${r.stdout}`);
  for (const line of lines) t.true(line.length <= 80, `${line.length} columns: ${line}`);
  t.regex(r.stdout, /^Usage: wfctl /);
  const services = lines.filter((l) => /^ {2}[A-Z]/.test(l)).map((l) => l.trim().split(/\s+/)[0]);
  t.deepEqual(services, ['Workforce', 'Clinic', 'Operations']);
  t.regex(r.stdout, /\nExamples:\n {2}\$ wfctl /);
});

test('the root help names every top-level command once, in its service', async (t) => {
  const program = await buildProgram();
  const named = ROOT_SECTIONS.flatMap((s) => s.rows.flatMap(([, commands]) => [...commands]));
  t.deepEqual(
    named.filter((n, i) => named.indexOf(n) !== i),
    [],
    'named twice',
  );
  const commands = [...program.commands.map((c) => c.name()), 'help'];
  t.deepEqual(
    commands.filter((c) => !named.includes(c)),
    [],
    'missing from the root help',
  );
  t.deepEqual(
    named.filter((n) => !commands.includes(n)),
    [],
    'not commands',
  );
  const help = helpOf(program);
  for (const name of commands) t.regex(help, new RegExp(`  ${name}(  |\\n)`), name);
});

test('the root help’s examples run commands with flags they accept', async (t) => {
  const program = await buildProgram();
  for (const example of ROOT_EXAMPLES) {
    const words = invocation(example);
    let cmd = program;
    for (const word of words.filter((w) => !w.startsWith('-'))) {
      const sub = cmd.commands.find((c) => c.name() === word);
      if (!sub) break;
      cmd = sub;
    }
    t.not(cmd, program, `"${example}" names no command`);
    for (const flag of words.filter((w) => /^--?[a-z]/.test(w)).map((w) => w.split('=')[0])) {
      t.true(flagsAccepted(cmd).has(flag), `"${example}": ${flag}`);
    }
  }
});

test('every group’s --help has examples, one for each of its commands', async (t) => {
  const program = await buildProgram();
  const groups: Command[] = [];
  const walk = (cmd: Command) => {
    for (const sub of cmd.commands) {
      if (sub.commands.length) groups.push(sub);
      walk(sub);
    }
  };
  walk(program);
  t.true(groups.some((g) => g.name() === 'migrate'));
  for (const group of groups) {
    const path = pathOf(group);
    const examples = [...helpOf(group).matchAll(/^ {2}\$ (.*)$/gm)].map((m) => invocation(m[1]));
    t.true(examples.length > 0, `wfctl ${path.join(' ')} --help has no examples`);
    for (const words of examples) {
      t.deepEqual(words.slice(0, path.length), path, `wfctl ${path.join(' ')}: ${words.join(' ')}`);
      const sub = words[path.length];
      const isDefault = sub === undefined || sub.startsWith('-'); // `wfctl migrate` runs `migrate latest`
      t.true(
        isDefault || group.commands.some((c) => c.name() === sub),
        `wfctl ${path.join(' ')}: "${words.join(' ')}" runs none of its commands`,
      );
    }
  }
});

terminalTest('on an 80×24 terminal the root help is seen whole, from its first line', async (t) => {
  const term = openTerminal(['--help'], { width: 80, height: 24 });
  t.teardown(term.close);
  t.is(await term.exitCode(), 0);
  const screen = term.screen().replace(/\n+$/, '').split('\n');
  t.regex(screen[0], /^Usage: wfctl /);
  t.true(screen.some((l) => /^ {2}Operations /.test(l)));
  t.true(screen.some((l) => /^ {2}\$ wfctl partner --help$/.test(l)));
});
