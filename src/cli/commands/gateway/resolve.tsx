// `wfctl gateway resolve ID --book|--refund-noted [--note TEXT]`: gateway-unreconciled.resolve, by
// the operator only. Exactly one of the two flags; final, so it previews and asks (--yes, --dry-run).
import type { Command } from 'commander';
import { resolveUnreconciled } from '../../../clinic/gateway/operations/resolve-unreconciled.js';
import { UsageError } from '../../../core/errors.js';
import { clinicActor } from '../../actors.js';
import { commandFor, type CommandFlags } from '../../command.js';
import { commandGroup } from '../../group.js';

function resolutionOf(flags: CommandFlags): 'book' | 'refund_noted' {
  if (Boolean(flags.book) === Boolean(flags.refundNoted)) {
    const message = 'Give exactly one of --book or --refund-noted.';
    throw new UsageError(message, { '--book': [message], '--refund-noted': [message] });
  }
  return flags.book ? 'book' : 'refund_noted';
}

export function register(program: Command): void {
  commandGroup(program, 'gateway', 'The payment gateway: its webhook deliveries');
  commandFor(program, resolveUnreconciled, {
    path: 'gateway resolve',
    description:
      'Resolve an unreconciled gateway capture (see `gateway events --unreconciled`): book it into its invoice, or note its refund',
    args: [
      {
        name: 'id',
        description: 'unreconciled payment id',
        prompt: 'Unreconciled payment id?',
        field: 'unreconciled_payment_id',
      },
    ],
    flags: [
      { flags: '--book', description: 'record it as a payment of its invoice' },
      { flags: '--refund-noted', description: 'the money was refunded through the gateway' },
    ],
    input: {
      skip: ['resolution'], // from --book or --refund-noted
      fields: { note: { flags: '--note <text>', description: 'why (kept with the resolution)' } },
    },
    examples: [
      'wfctl gateway resolve 4 --book --yes',
      'wfctl gateway resolve 5 --refund-noted --note "refund rfnd_9" --yes',
    ],
    context: clinicActor,
    confirm: (args, flags) =>
      `${flags.book ? 'Book' : 'Note the refund of'} unreconciled gateway payment ${args.id}?`,
    toInput: async (_args, flags) => ({ resolution: resolutionOf(flags) }),
  });
}
