// `wfctl tenant create`: tenant.create, the sign-up POST /tenants runs, by the operator (or
// --actor): a tenant and its first user, its tenant_admin.
import React from 'react';
import type { Command } from 'commander';
import { BUSINESS_TYPES } from '../../../clinic/identity/roles.js';
import { createTenant } from '../../../clinic/tenants/operations/create-tenant.js';
import { SUBSCRIPTION_PLANS } from '../../../clinic/tenants/schemas.js';
import { clinicActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { required } from '../../io.js';
import { TenantCreatedView } from '../../views/tenant.js';
import { choose, password, tenantGroup } from './shared.js';

export function register(program: Command): void {
  tenantGroup(program);
  commandFor(program, createTenant, {
    path: 'tenant create',
    description:
      'Create a tenant and its first user, its tenant_admin (prompts for what is missing on a terminal)',
    flags: [
      { flags: '--name <name>', description: 'tenant name', required: true, prompt: 'Tenant name' },
      {
        flags: '--slug <slug>',
        description: 'unique short name: letters, digits, hyphens',
        required: true,
        prompt: 'Slug (letters, digits, hyphens)',
      },
      {
        flags: '--email <email>',
        description: 'tenant contact email (unique)',
        required: true,
        prompt: 'Tenant contact email',
      },
      { flags: '--phone <phone>', description: 'tenant phone' },
      { flags: '--address <address>', description: 'tenant address' },
      { flags: '--owner-name <name>', description: 'name of the tenant_admin' },
      { flags: '--owner-email <email>', description: 'login email of the tenant_admin (unique)' },
      {
        flags: '--business-type <type>',
        description: `one of ${BUSINESS_TYPES.join(', ')} (default clinic)`,
      },
      {
        flags: '--plan <plan>',
        description: `subscription plan: ${SUBSCRIPTION_PLANS.join(', ')} (default trial)`,
      },
      { flags: '--timezone <zone>', description: 'IANA time zone, e.g. Asia/Kolkata (default UTC)' },
      { flags: '--password-stdin', description: 'read the tenant_admin password from stdin' },
    ],
    examples: [
      'printf %s "$PASSWORD" | wfctl tenant create --name "Happy Paws" --slug happy-paws --email hello@happypaws.test --owner-name Asha --owner-email asha@happypaws.test --password-stdin',
    ],
    context: clinicActor,
    toInput: async (_args, flags) => ({
      name: flags.name,
      slug: flags.slug,
      email: flags.email,
      phone: flags.phone,
      address: flags.address,
      timezone: flags.timezone,
      business_type: await choose(flags.businessType, 'Business type', BUSINESS_TYPES, 'clinic', flags),
      subscription_plan: await choose(flags.plan, 'Subscription plan', SUBSCRIPTION_PLANS, 'trial', flags),
      owner_name: await required(flags.ownerName as string | undefined, '--owner-name', 'Admin name', flags),
      owner_email: await required(
        flags.ownerEmail as string | undefined,
        '--owner-email',
        'Admin login email',
        flags,
      ),
      password: await password(flags, 'Admin password (at least 8 characters)'),
    }),
    json: ({ tenant, user }) => ({
      tenant,
      user: { id: user.id, name: user.name, email: user.email, role: 'tenant_admin' },
    }),
    view: ({ tenant, user }) => (
      <TenantCreatedView result={{ tenant, user: { ...user, role: 'tenant_admin' } }} />
    ),
  });
}
