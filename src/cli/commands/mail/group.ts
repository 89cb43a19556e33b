// The `wfctl mail` group: the outbox of the emails the service sends.
import type { Command } from 'commander';
import { commandGroup } from '../../group.js';

export function mailGroup(program: Command): Command {
  return commandGroup(
    program,
    'mail',
    'The outbox: every email the service sends, as sent, and its delivery',
  );
}
