// `wfctl partner add|list|token create|token revoke`: payroll and billing partners and their inbound
// tokens. Later partner subcommands attach to the same `partner` command (see partnerCommand).
import React from 'react';
import type { Command } from 'commander';
import { UsageError } from '../../core/errors.js';
import { validate } from '../../core/validation.js';
import { addPartner } from '../../workforce/partners/registry/operations/add-partner.js';
import {
  listPartners,
  type PartnerSummary,
} from '../../workforce/partners/registry/operations/list-partners.js';
import {
  createPartnerToken,
  revokePartnerTokens,
} from '../../workforce/partners/registry/operations/partner-tokens.js';
import { addPartnerSchema, type AddPartnerInput } from '../../workforce/partners/registry/schemas.js';
import { confirmOrAbort, output, required, say } from '../io.js';
import { withServices } from '../services.js';
import { Summary } from '../views/summary.js';
import {
  actorFor,
  asFlags,
  collect,
  positiveInt,
  withCommonOptions,
  type CommonOptions,
} from './identity-shared.js';

const ADD_FLAGS = {
  name: 'NAME',
  kind: '--kind',
  push_url: '--url',
  outbound_token: '--token',
  signing_secret: '--secret',
  organizations: '--org',
};

function PartnerView({ p, title }: { p: PartnerSummary; title: string }) {
  return (
    <Summary
      title={title}
      rows={[
        ['id', String(p.id)],
        ['kind', p.kind],
        ['push url', p.push_url],
        ['organizations', p.organizations.join(', ')],
        ['active inbound tokens', p.tokens.map((t) => t.id).join(', ') || '(none)'],
      ]}
    />
  );
}

/** The `partner` command, created once; other files add their subcommands to it. */
export function partnerCommand(program: Command): Command {
  return (
    program.commands.find((c) => c.name() === 'partner') ??
    program.command('partner').description('payroll and billing partners: registry, inbound tokens')
  );
}

export function registerPartner(program: Command): Command {
  const partner = partnerCommand(program);

  withCommonOptions(
    partner
      .command('add')
      .description('register a partner and the organizations whose locked attendance it may receive')
      .argument('<name>', 'partner name (unique)')
      .option('--kind <kind>', 'payroll or billing')
      .option('--url <url>', 'push base URL; pushes go to URL/attendance/daily')
      .option('--token <token>', 'bearer token wfctl sends when pushing to the partner')
      .option('--secret <secret>', 'signing secret for X-Attendance-Signature (16+ characters)')
      .option('--org <org>', 'organization code or id; repeatable', collect, []),
  ).action(
    async (
      name: string,
      opts: CommonOptions & { kind?: string; url?: string; token?: string; secret?: string; org: string[] },
    ) => {
      const token = await required(opts.token, '--token', 'Outbound bearer token', { ...opts, secret: true });
      const secret = await required(opts.secret, '--secret', 'Signing secret', { ...opts, secret: true });
      const input = await asFlags(
        () =>
          validate<AddPartnerInput>(addPartnerSchema, {
            name,
            kind: opts.kind,
            push_url: opts.url,
            outbound_token: token,
            signing_secret: secret,
            organizations: opts.org,
          }),
        ADD_FLAGS,
      );
      const result = await withServices(async (services) =>
        asFlags(
          async () => addPartner({ services, actor: await actorFor(services, opts) }, input),
          ADD_FLAGS,
        ),
      );
      await output(result, opts, (p) => <PartnerView p={p} title={`Added partner ${p.name}`} />);
    },
  );

  withCommonOptions(
    partner.command('list').description('partners, their organizations and active inbound tokens'),
  ).action(async (opts: CommonOptions) => {
    const result = await withServices(async (services) =>
      listPartners({ services, actor: await actorFor(services, opts) }),
    );
    await output(result, opts, (r) => (
      <Summary
        title={`${r.data.length} partner(s)`}
        table={{
          columns: ['id', 'name', 'kind', 'organizations', 'tokens', 'push url'],
          rows: r.data.map((p) => [
            p.id,
            p.name,
            p.kind,
            p.organizations.join(','),
            p.tokens.length,
            p.push_url,
          ]),
        }}
      />
    ));
  });

  const token = partner.command('token').description('inbound tokens partners use to call wfctl');

  withCommonOptions(
    token
      .command('create')
      .description('create an inbound token pt_<id>|<secret>; it is printed once and only its hash is kept')
      .argument('<name>', 'partner name or id'),
  ).action(async (name: string, opts: CommonOptions) => {
    const result = await withServices(async (services) =>
      asFlags(() => createToken(services, opts, name), { partner: 'NAME' }),
    );
    if (opts.json) {
      process.stdout.write(JSON.stringify({ token: result.token }) + '\n');
      return;
    }
    say('This token is shown once. Store it now; wfctl keeps only its hash.');
    await output(result, opts, (r) => (
      <Summary title={`Token ${r.token_id} for ${r.partner.name}`} rows={[['token', r.token]]} tone="warn" />
    ));
  });

  withCommonOptions(
    token
      .command('revoke')
      .description('revoke one inbound token (--id) or all of them (--all)')
      .argument('<name>', 'partner name or id')
      .option('--id <tokenId>', 'the token id (the number after pt_)')
      .option('--all', 'every active token of the partner')
      .option('-y, --yes', 'do not ask for confirmation'),
  ).action(async (name: string, opts: CommonOptions & { id?: string; all?: boolean; yes?: boolean }) => {
    const tokenId = positiveInt(opts.id, '--id');
    if ((tokenId === undefined) === !opts.all) {
      throw new UsageError('Give exactly one of --id TOKEN_ID or --all.', { '--id': ['give --id or --all'] });
    }
    await confirmOrAbort(
      tokenId ? `Revoke token ${tokenId} of ${name}?` : `Revoke every token of ${name}?`,
      opts,
    );
    const result = await withServices(async (services) =>
      asFlags(
        async () =>
          revokePartnerTokens(
            { services, actor: await actorFor(services, opts) },
            { partner: name, token_id: tokenId, all: opts.all },
          ),
        { partner: 'NAME', token_id: '--id' },
      ),
    );
    await output(result, opts, (r) => (
      <Summary
        title={`Revoked ${r.revoked_token_ids.length} token(s) of ${r.partner.name}`}
        tone="warn"
        rows={[['token ids', r.revoked_token_ids.join(', ') || '(none were active)']]}
      />
    ));
  });

  return partner;
}

async function createToken(services: Parameters<typeof actorFor>[0], opts: CommonOptions, name: string) {
  return createPartnerToken({ services, actor: await actorFor(services, opts) }, { partner: name });
}
