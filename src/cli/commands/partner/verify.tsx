// `wfctl partner verify --header H --body FILE|- [--secret-stdin]`: the receiver side of the push,
// for a partner checking what it received. The signing secret is asked for (hidden) or read from
// stdin, never taken from argv (src/cli/secrets.ts). Not an operation of the service (it touches no database, so it
// opens none): a plain command. Exit 0 when the signature is valid, 1 when not, 2 for usage errors.
import React from 'react';
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { examplesText } from '../../help.js';
import { systemClock } from '../../../core/clock.js';
import { UsageError } from '../../../core/errors.js';
import { verifySignature } from '../../../workforce/partners/signature.js';
import { CommandFailed } from '../../command-failed.js';
import { commandGroup } from '../../group.js';
import { output, readStdin, required } from '../../io.js';
import { readSecrets, secretOptions, type SecretSpec } from '../../secrets.js';
import { SignatureView } from '../../views/partner-push.js';
import { PARTNER_GROUP } from './add.js';

const SECRET: SecretSpec[] = [{ field: 'secret', prompt: 'Signing secret', formerFlag: '--secret' }];

export function register(program: Command): void {
  const cmd = commandGroup(program, 'partner', PARTNER_GROUP)
    .command('verify')
    .description(
      'Receiver side: check an X-Attendance-Signature header against a body file (5-minute window)',
    )
    .option('--header <header>', 'the X-Attendance-Signature header value')
    .option('--body <file>', 'the exact request body, as a file (- for stdin)')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examplesText([
        'wfctl partner verify --header "$SIG" --body body.json',
        'printf %s "$SIGNING_SECRET" | wfctl partner verify --header "$SIG" --body body.json --secret-stdin --json',
      ]),
    );
  secretOptions(cmd, SECRET, '--secret-stdin').action(
    async (opts: { header?: string; body?: string; json?: boolean; secretStdin?: boolean }) => {
      if (opts.secretStdin && opts.body === '-') {
        throw new UsageError('--body - and --secret-stdin both want stdin; give the body as a file.', {
          '--body': ['stdin is taken by --secret-stdin'],
        });
      }
      const { secret } = await readSecrets(SECRET, opts, '--secret-stdin');
      const header = await required(opts.header, '--header', 'X-Attendance-Signature header', {
        json: opts.json,
      });
      const file = await required(opts.body, '--body', 'Body file', { json: opts.json });
      const body = file === '-' ? Buffer.from(await readStdin(), 'utf8') : await readBody(file);
      const now = systemClock.now();
      const verdict = verifySignature({ secret, header, body, now });
      const result = {
        ...verdict,
        age_seconds:
          verdict.timestamp === undefined ? null : Math.floor(now.getTime() / 1000) - verdict.timestamp,
      };
      const view = () => (
        <SignatureView
          valid={verdict.valid}
          reason={verdict.valid ? undefined : verdict.reason}
          age={result.age_seconds}
        />
      );
      if (verdict.valid) return output(result, opts, view);
      if (!opts.json) await output(result, opts, view);
      throw new CommandFailed(verdict.reason, 'SIGNATURE_INVALID', { ...result });
    },
  );
}

async function readBody(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message;
    throw new UsageError(`--body: cannot read ${file} (${reason}).`, { '--body': [reason] });
  }
}
