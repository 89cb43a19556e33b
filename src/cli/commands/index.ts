// Every command of `wfctl`, one file each under src/cli/commands/, its path mirroring the command
// (`wfctl partner secret rotate` → commands/partner/secret/rotate.tsx). Each file exports
// `register(program)`; most are `commandFor(program, operation, …)` over a catalogue operation.
import type { Command } from 'commander';
import * as offboard from './offboard.js';

const COMMANDS: Array<{ register(program: Command): void }> = [offboard];

export function registerCommands(program: Command): void {
  for (const command of COMMANDS) command.register(program);
}
