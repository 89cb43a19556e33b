// `wfctl tenant create|list` and `wfctl tenant member add|remove|list`: the clinic tenants and
// their staff, through the same operations and schemas as the HTTP API.
import React from 'react';
import type { Command } from 'commander';
import type { Services } from '../../core/services.js';
import { NotFoundError, UsageError } from '../../core/errors.js';
import { validate } from '../../core/validation.js';
import { operatorContext } from '../../clinic/context.js';
import { accountExists } from '../../clinic/identity/queries.js';
import { BUSINESS_TYPES, ROLES } from '../../clinic/identity/roles.js';
import { findTenantByRef } from '../../clinic/tenants/resolve.js';
import {
  addMemberSchema,
  createTenantSchema,
  SUBSCRIPTION_PLANS,
  type AddMemberInput,
  type CreateTenantInput,
} from '../../clinic/tenants/schemas.js';
import { serializeMember, serializeTenant } from '../../clinic/tenants/serialize.js';
import { addMember } from '../../clinic/tenants/operations/add-member.js';
import { createTenant } from '../../clinic/tenants/operations/create-tenant.js';
import { listMembers } from '../../clinic/tenants/operations/list-members.js';
import { listTenants } from '../../clinic/tenants/operations/list-tenants.js';
import { removeMember } from '../../clinic/tenants/operations/remove-member.js';
import type { Page } from '../../clinic/pagination.js';
import { canPrompt, confirmOrAbort, output, readStdin, required, type OutputOptions } from '../io.js';
import { withServices } from '../services.js';
import { Summary } from '../views/summary.js';

interface CreateOptions extends OutputOptions {
  name?: string;
  slug?: string;
  email?: string;
  phone?: string;
  address?: string;
  ownerName?: string;
  ownerEmail?: string;
  businessType?: string;
  plan?: string;
  passwordStdin?: boolean;
}

export function registerTenant(program: Command): void {
  const tenant = program
    .command('tenant')
    .description('Clinic tenants (clinics, pharmacies, shops…) and their staff');

  tenant
    .command('create')
    .description(
      'create a tenant and its first user, its tenant_admin (prompts for what is missing on a terminal)',
    )
    .option('--name <name>', 'tenant name')
    .option('--slug <slug>', 'unique short name: letters, digits, hyphens')
    .option('--email <email>', 'tenant contact email (unique)')
    .option('--phone <phone>', 'tenant phone')
    .option('--address <address>', 'tenant address')
    .option('--owner-name <name>', 'name of the tenant_admin')
    .option('--owner-email <email>', 'login email of the tenant_admin (unique)')
    .option('--business-type <type>', `one of ${BUSINESS_TYPES.join(', ')} (default clinic)`)
    .option('--plan <plan>', `subscription plan: ${SUBSCRIPTION_PLANS.join(', ')} (default trial)`)
    .option('--password-stdin', 'read the tenant_admin password from stdin')
    .option('--json', 'print JSON')
    .action(async (opts: CreateOptions) => {
      const raw = {
        name: await required(opts.name, '--name', 'Tenant name', opts),
        slug: await required(opts.slug, '--slug', 'Slug (letters, digits, hyphens)', opts),
        email: await required(opts.email, '--email', 'Tenant contact email', opts),
        phone: opts.phone,
        address: opts.address,
        business_type: await choose(opts.businessType, 'Business type', BUSINESS_TYPES, 'clinic', opts),
        subscription_plan: await choose(opts.plan, 'Subscription plan', SUBSCRIPTION_PLANS, 'trial', opts),
        owner_name: await required(opts.ownerName, '--owner-name', 'Admin name', opts),
        owner_email: await required(opts.ownerEmail, '--owner-email', 'Admin login email', opts),
        password: await password(opts),
      };
      const input = await validate<CreateTenantInput>(createTenantSchema, raw);
      const created = await withServices((s) => createTenant(operatorContext(s), input));
      const result = {
        tenant: serializeTenant(created.tenant),
        user: {
          id: Number(created.user.user.id),
          name: created.user.user.name,
          email: created.user.user.email,
          role: 'tenant_admin',
        },
      };
      await output(result, opts, (r) => (
        <Summary
          title={`Created tenant ${r.tenant.slug} (id ${r.tenant.id})`}
          rows={[
            ['name', r.tenant.name],
            ['business type', r.tenant.business_type],
            ['plan', r.tenant.subscription_plan],
            ['tenant_admin', `${r.user.email} (user ${r.user.id})`],
          ]}
        />
      ));
    });

  tenant
    .command('list')
    .description('list tenants with their member counts, 50 per page')
    .option('--page <n>', 'page number', '1')
    .option('--json', 'print JSON')
    .action(async (opts: OutputOptions & { page: string }) => {
      const page = await withServices((s) =>
        listTenants(operatorContext(s), { page: pageNumber(opts.page) }),
      );
      const result = pageResult(page, (t) => ({
        ...serializeTenant(t),
        members_count: Number(t.members_count),
      }));
      await output(result, opts, (r) => (
        <Summary
          title={`Tenants: page ${r.meta.current_page} of ${r.meta.last_page} (${r.meta.total} in all)`}
          table={{
            columns: ['id', 'slug', 'name', 'type', 'plan', 'members'],
            rows: r.data.map((t) => [
              t.id,
              t.slug,
              t.name,
              t.business_type,
              t.subscription_plan,
              t.members_count,
            ]),
          }}
        />
      ));
    });

  const member = tenant.command('member').description('add, remove or list the staff of a tenant');

  member
    .command('add <tenant> <email>')
    .description(
      'add a user to a tenant (TENANT: id or slug); a new email gets an account with --name and the password',
    )
    .option('--role <role>', `one of ${ROLES.join(', ')}`)
    .option('--name <name>', 'name for a new account')
    .option('--password-stdin', 'read the new account’s password from stdin')
    .option('--json', 'print JSON')
    .action(
      async (
        ref: string,
        email: string,
        opts: OutputOptions & { role?: string; name?: string; passwordStdin?: boolean },
      ) => {
        const role = await choose(opts.role, 'Role', ROLES, undefined, opts, '--role');
        const added = await withServices(async (s) => {
          const tenantRow = await tenantByRef(s, ref);
          let { name } = opts;
          let pass: string | undefined;
          if (opts.passwordStdin) pass = stripNewline(await readStdin());
          else if (canPrompt(opts) && !(await accountExists(s.db, email))) {
            name = await required(name, '--name', `Name for the new account ${email}`, opts);
            pass = await required(undefined, '--password-stdin', 'Password for the new account', {
              ...opts,
              secret: true,
            });
          }
          const input = await validate<AddMemberInput>(addMemberSchema, {
            email,
            role,
            name,
            password: pass,
          });
          return addMember(operatorContext(s), { ...input, tenantId: Number(tenantRow.id) });
        });
        const result = serializeMember(added);
        await output(result, opts, (r) => (
          <Summary
            title={`Added ${r.email} as ${r.role}`}
            rows={[
              ['user id', String(r.user_id)],
              ['permissions', r.permissions.join(', ') || '(membership only)'],
            ]}
          />
        ));
      },
    );

  member
    .command('remove <tenant> <email>')
    .description('remove a user from a tenant (the account stays); the last tenant_admin cannot be removed')
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--json', 'print JSON')
    .action(async (ref: string, email: string, opts: OutputOptions & { yes?: boolean }) => {
      await confirmOrAbort(`Remove ${email} from tenant ${ref}?`, opts);
      const removed = await withServices(async (s) => {
        const tenantRow = await tenantByRef(s, ref);
        return removeMember(operatorContext(s), {
          tenantId: Number(tenantRow.id),
          email: email.trim().toLowerCase(),
        });
      });
      await output({ ...removed, email }, opts, (r) => (
        <Summary title={`Removed ${r.email} (${r.role}) from tenant ${r.tenant_id}`} tone="warn" />
      ));
    });

  member
    .command('list <tenant>')
    .description('list the members of a tenant with their roles, 50 per page')
    .option('--page <n>', 'page number', '1')
    .option('--json', 'print JSON')
    .action(async (ref: string, opts: OutputOptions & { page: string }) => {
      const page = await withServices(async (s) => {
        const tenantRow = await tenantByRef(s, ref);
        return listMembers(operatorContext(s), {
          tenantId: Number(tenantRow.id),
          page: pageNumber(opts.page),
        });
      });
      const result = pageResult(page, serializeMember);
      await output(result, opts, (r) => (
        <Summary
          title={`Members: page ${r.meta.current_page} of ${r.meta.last_page} (${r.meta.total} in all)`}
          table={{
            columns: ['user', 'email', 'name', 'role'],
            rows: r.data.map((m) => [m.user_id, m.email, m.name, m.role]),
          }}
        />
      ));
    });
}

async function tenantByRef(services: Services, ref: string) {
  const row = await findTenantByRef(services.db, ref);
  if (!row) throw new NotFoundError(`No tenant has the id or slug "${ref}".`);
  return row;
}

/** A choice among fixed values: the flag, else a menu on a terminal, else the default (or a usage error). */
async function choose<T extends string>(
  value: string | undefined,
  message: string,
  values: readonly T[],
  fallback: T | undefined,
  opts: OutputOptions,
  flag?: string,
): Promise<string> {
  if (value !== undefined) return value; // checked by the schema, which names the allowed values
  if (canPrompt(opts)) {
    const { select } = await import('@inquirer/prompts');
    return select({ message, choices: values.map((v) => ({ value: v })), default: fallback });
  }
  if (fallback !== undefined) return fallback;
  throw new UsageError(`Missing required option ${flag}.`, { [flag!]: [`${flag} is required.`] });
}

async function password(opts: CreateOptions): Promise<string> {
  if (opts.passwordStdin) return stripNewline(await readStdin());
  if (!canPrompt(opts)) {
    throw new UsageError('Missing the password: pipe it with --password-stdin.', {
      '--password-stdin': ['--password-stdin is required when not on a terminal.'],
    });
  }
  return required(undefined, '--password-stdin', 'Admin password (at least 8 characters)', {
    ...opts,
    secret: true,
  });
}

function stripNewline(text: string): string {
  return text.replace(/\r?\n$/, '');
}

function pageNumber(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--page must be a whole number from 1 (got "${text}").`);
  return n;
}

function pageResult<T, R>(page: Page<T>, serialize: (item: T) => R) {
  return {
    data: page.items.map(serialize),
    meta: {
      current_page: page.page,
      last_page: Math.max(1, Math.ceil(page.total / page.perPage)),
      per_page: page.perPage,
      total: page.total,
    },
  };
}
