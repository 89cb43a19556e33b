// The `wfctl order` group: the seller's side of order requests (owners send them from the portal).
import type { Command } from 'commander';
import { commandGroup } from '../../group.js';

export function orderGroup(program: Command): Command {
  return commandGroup(
    program,
    'order',
    'The order requests sent to a pharmacy or retail tenant: the queue, accept → fulfil, reject',
  );
}
