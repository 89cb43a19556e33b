// The "Examples:" section of a command's --help. Every command has one (test/cli/help.test.ts walks
// the whole program and checks that each example names its own command and only flags it accepts),
// so an operator can paste a working line instead of reading the flag list.
import type { Command } from 'commander';

export function examplesText(examples: readonly string[]): string {
  return ['', 'Examples:', ...examples.map((e) => `  $ ${e}`)].join('\n');
}

/** Adds the examples to `cmd`'s help and returns `cmd` (chainable like commander's own methods). */
export function withExamples(cmd: Command, examples: readonly string[]): Command {
  if (examples.length === 0) throw new Error(`wfctl ${cmd.name()}: a command needs at least one example`);
  return cmd.addHelpText('after', examplesText(examples));
}
