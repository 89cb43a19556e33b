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
    input: {
      // The directory profile is set afterwards, with `wfctl tenant profile`.
      skip: ['description', 'city', 'latitude', 'longitude'],
      fields: {
        name: { description: 'tenant name', prompt: 'Tenant name' },
        slug: {
          description: 'unique short name: letters, digits, hyphens',
          prompt: 'Slug (letters, digits, hyphens)',
        },
        email: { description: 'tenant contact email (unique)', prompt: 'Tenant contact email' },
        phone: { description: 'tenant phone' },
        address: { description: 'tenant address' },
        owner_name: { description: 'name of the tenant_admin', prompt: 'Admin name' },
        owner_email: { description: 'login email of the tenant_admin (unique)', prompt: 'Admin login email' },
        business_type: { description: `one of ${BUSINESS_TYPES.join(', ')} (default clinic)` },
        subscription_plan: {
          flags: '--plan <plan>',
          description: `subscription plan: ${SUBSCRIPTION_PLANS.join(', ')} (default trial)`,
        },
        timezone: {
          flags: '--timezone <zone>',
          description: 'IANA time zone, e.g. Asia/Kolkata (default UTC)',
        },
      },
    },
    secrets: {
      stdin: '--password-stdin',
      fields: [{ field: 'password', prompt: 'Admin password (at least 8 characters)' }],
    },
    examples: [
      'printf %s "$PASSWORD" | wfctl tenant create --name "Happy Paws" --slug happy-paws --email hello@happypaws.test --owner-name Asha --owner-email asha@happypaws.test --password-stdin',
    ],
    context: clinicActor,
    // Left out on a terminal, the two choices are asked as menus; off one, their defaults hold.
    toInput: async (_args, flags, _ctx, _secrets, given) => ({
      business_type: await choose(given.business_type, 'Business type', BUSINESS_TYPES, 'clinic', flags),
      subscription_plan: await choose(
        given.subscription_plan,
        'Subscription plan',
        SUBSCRIPTION_PLANS,
        'trial',
        flags,
      ),
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
