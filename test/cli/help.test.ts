// Every command's --help ends with examples a person can paste: each example runs the command it
// documents and uses only flags that command accepts (a renamed flag breaks this test, not the
// operator's copy-paste). No database: the program is only built, never run.
import test from 'ava';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli/main.js';

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

test('every command has an Examples section', (t) => {
  const program = buildProgram();
  const missing = runnable(program)
    .filter((cmd) => !/\nExamples:\n {2}\$ /.test(helpOf(cmd)))
    .map((cmd) => pathOf(cmd).join(' '));
  t.deepEqual(missing, []);
  t.regex(helpOf(program), /\nExamples:\n {2}\$ wfctl /);
});

test('each example runs its own command with flags that command accepts', (t) => {
  const program = buildProgram();
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

test('--no-color is accepted anywhere on the line and listed in the help', (t) => {
  const program = buildProgram();
  t.regex(helpOf(program), /--no-color/);
  const list = program.commands.find((c) => c.name() === 'org')!.commands.find((c) => c.name() === 'list')!;
  t.true(flagsAccepted(list).has('--no-color'));
});

test('every command and group is described in sentence case', (t) => {
  const lower: string[] = [];
  const walk = (cmd: Command) => {
    for (const sub of cmd.commands) {
      if (sub.name() === 'help') continue;
      if (!/^[A-Z]/.test(sub.description())) lower.push(`${pathOf(sub).join(' ')}: ${sub.description()}`);
      walk(sub);
    }
  };
  walk(buildProgram());
  t.deepEqual(lower, []);
});
