// A command group (`wfctl migrate`, `wfctl partner`): found or made, so the files of its commands
// can register in any order.
import type { Command } from 'commander';

export function commandGroup(program: Command, name: string, description: string): Command {
  const found = program.commands.find((c) => c.name() === name);
  if (found) {
    if (!found.description()) found.description(description);
    return found;
  }
  return program.command(name).description(description);
}
