// `wfctl tenant profile TENANT --city … --lat … --lng …`: tenant.update-profile, as
// PATCH /tenant/{tenant}/profile runs it. Flags left out keep their value; "" clears one.
import type { Command } from 'commander';
import { updateTenantProfile } from '../../../clinic/tenants/operations/update-profile.js';
import { clinicActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { tenantArg, tenantGroup } from './shared.js';

export function register(program: Command): void {
  tenantGroup(program);
  commandFor(program, updateTenantProfile, {
    path: 'tenant profile',
    description:
      'Set a tenant’s directory profile (what GET /providers shows); flags left out are kept, "" clears one',
    args: [tenantArg],
    input: {
      skip: ['tenant_id'],
      fields: {
        description: { description: 'what the directory shows and searches' },
        address: { description: 'street address' },
        phone: { description: 'contact phone' },
        latitude: { flags: '--lat <degrees>', description: 'latitude, -90 to 90 (with --lng)' },
        longitude: { flags: '--lng <degrees>', description: 'longitude, -180 to 180 (with --lat)' },
        timezone: {
          flags: '--timezone <zone>',
          description: 'IANA time zone (Asia/Kolkata): the day date filters mean',
        },
      },
    },
    examples: [
      'wfctl tenant profile happy-paws --city Pune --lat 18.5204 --lng 73.8567',
      'wfctl tenant profile happy-paws --description "Cats and dogs, open Sundays" --actor admin@happypaws.test',
    ],
    context: clinicActor,
  });
}
