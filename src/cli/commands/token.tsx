// `wfctl token revoke --user EMAIL [--id TOKEN_ID]`: end a user's sessions.
import React from 'react';
import type { Command } from 'commander';
import { UsageError } from '../../core/errors.js';
import { revokeTokens } from '../../workforce/identity/operations/revoke-tokens.js';
import { confirmOrAbort, output } from '../io.js';
import { withServices } from '../services.js';
import { Summary } from '../views/summary.js';
import { actorFor, asFlags, positiveInt, withCommonOptions, type CommonOptions } from './identity-shared.js';

export function registerToken(program: Command): void {
  const token = program.command('token').description('personal access tokens of workforce users');
  withCommonOptions(
    token
      .command('revoke')
      .description('revoke every active token of a user (or one, with --id); their next request gets a 401')
      .option('--user <email>', 'whose tokens')
      .option('--id <tokenId>', 'only this token (the number before the | in the token)')
      .option('-y, --yes', 'do not ask for confirmation'),
  ).action(async (opts: CommonOptions & { user?: string; id?: string; yes?: boolean }) => {
    if (!opts.user)
      throw new UsageError('Missing required option --user.', { '--user': ['--user is required.'] });
    const tokenId = positiveInt(opts.id, '--id');
    await confirmOrAbort(
      tokenId ? `Revoke token ${tokenId} of ${opts.user}?` : `Revoke every token of ${opts.user}?`,
      opts,
    );
    const result = await withServices(async (services) =>
      asFlags(
        async () =>
          revokeTokens(
            { services, actor: await actorFor(services, opts) },
            { email: opts.user!, token_id: tokenId },
          ),
        { user: '--user', id: '--id' },
      ),
    );
    await output(result, opts, (r) => (
      <Summary
        title={`Revoked ${r.revoked_token_ids.length} token(s) of ${r.user.email}`}
        tone="warn"
        rows={[['token ids', r.revoked_token_ids.join(', ') || '(none were active)']]}
      />
    ));
  });
}
