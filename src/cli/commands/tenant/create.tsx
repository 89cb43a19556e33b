// `wfctl tenant create`: tenant.create, the sign-up POST /tenants runs, by the operator (or
// --actor): a tenant and its first user, its tenant_admin.
import React from 'react';
import type { Command } from 'commander';
import { BUSINESS_TYPES } from '../../../clinic/identity/roles.js';
import { createTenant } from '../../../clinic/tenants/operations/create-tenant.js';
import { SUBSCRIPTION_PLANS } from '../../../clinic/tenants/schemas.js';
import { clinicActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { TenantCreatedView } from '../../views/tenant.js';
import { choose, tenantGroup } from './shared.js';

export function register(program: Command): void {
  tenantGroup(program);
  commandFor(program, createTenant, {
    path: 'tenant create',
    description:
      'Create a tenant and its first user, its tenant_admin (prompts for what is missing on a terminal)',
    flags: [
      {
        flags: '--name <name>',
        description: 'tenant name',
        required: true,
        prompt: 'Tenant name',
        field: 'name',
      },
      {
        flags: '--slug <slug>',
        description: 'unique short name: letters, digits, hyphens',
        required: true,
        prompt: 'Slug (letters, digits, hyphens)',
        field: 'slug',
      },
      {
        flags: '--email <email>',
        description: 'tenant contact email (unique)',
        required: true,
        prompt: 'Tenant contact email',
        field: 'email',
      },
      { flags: '--phone <phone>', description: 'tenant phone' },
      { flags: '--address <address>', description: 'tenant address' },
      {
        flags: '--owner-name <name>',
        description: 'name of the tenant_admin',
        required: true,
        prompt: 'Admin name',
        field: 'owner_name',
      },
      {
        flags: '--owner-email <email>',
        description: 'login email of the tenant_admin (unique)',
        required: true,
        prompt: 'Admin login email',
        field: 'owner_email',
      },
      {
        flags: '--business-type <type>',
        description: `one of ${BUSINESS_TYPES.join(', ')} (default clinic)`,
      },
      {
        flags: '--plan <plan>',
        description: `subscription plan: ${SUBSCRIPTION_PLANS.join(', ')} (default trial)`,
      },
      { flags: '--timezone <zone>', description: 'IANA time zone, e.g. Asia/Kolkata (default UTC)' },
    ],
    secrets: {
      stdin: '--password-stdin',
      fields: [{ field: 'password', prompt: 'Admin password (at least 8 characters)' }],
    },
    examples: [
      'printf %s "$PASSWORD" | wfctl tenant create --name "Happy Paws" --slug happy-paws --email hello@happypaws.test --owner-name Asha --owner-email asha@happypaws.test --password-stdin',
    ],
    context: clinicActor,
    toInput: async (_args, flags, _ctx, secrets) => ({
      name: flags.name,
      slug: flags.slug,
      email: flags.email,
      phone: flags.phone,
      address: flags.address,
      timezone: flags.timezone,
      business_type: await choose(flags.businessType, 'Business type', BUSINESS_TYPES, 'clinic', flags),
      subscription_plan: await choose(flags.plan, 'Subscription plan', SUBSCRIPTION_PLANS, 'trial', flags),
      owner_name: flags.ownerName,
      owner_email: flags.ownerEmail,
      password: secrets.password,
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
