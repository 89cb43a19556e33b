// `wfctl tenant profile TENANT --city … --lat … --lng …`: tenant.update-profile, as
// PATCH /tenant/{tenant}/profile runs it. Flags left out keep their value; "" clears one.
import type { Command } from 'commander';
import { updateTenantProfile } from '../../../clinic/tenants/operations/update-profile.js';
import { clinicActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { tenantGroup } from './shared.js';
import { tenantRef } from '../../lookup.js';

export function register(program: Command): void {
  tenantGroup(program);
  commandFor(program, updateTenantProfile, {
    path: 'tenant profile',
    description:
      'Set a tenant’s directory profile (what GET /providers shows); flags left out are kept, "" clears one',
    args: [{ name: 'tenant', description: 'tenant id or slug', prompt: 'Tenant (id or slug)?' }],
    flags: [
      {
        flags: '--description <text>',
        description: 'what the directory shows and searches',
        field: 'description',
      },
      { flags: '--city <city>', description: 'city', field: 'city' },
      { flags: '--address <address>', description: 'street address', field: 'address' },
      { flags: '--phone <phone>', description: 'contact phone', field: 'phone' },
      { flags: '--lat <degrees>', description: 'latitude, -90 to 90 (with --lng)', field: 'latitude' },
      { flags: '--lng <degrees>', description: 'longitude, -180 to 180 (with --lat)', field: 'longitude' },
      {
        flags: '--timezone <zone>',
        description: 'IANA time zone (Asia/Kolkata): the day date filters mean',
        field: 'timezone',
      },
    ],
    examples: [
      'wfctl tenant profile happy-paws --city Pune --lat 18.5204 --lng 73.8567',
      'wfctl tenant profile happy-paws --description "Cats and dogs, open Sundays" --actor admin@happypaws.test',
    ],
    context: clinicActor,
    toInput: async (args, flags, ctx) => ({
      tenant_id: (await tenantRef(ctx.services.db, args.tenant, 'TENANT')).id,
      description: flags.description,
      city: flags.city,
      address: flags.address,
      phone: flags.phone,
      latitude: flags.lat,
      longitude: flags.lng,
      timezone: flags.timezone,
    }),
  });
}
