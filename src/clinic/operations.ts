// The clinic catalogue: every read and write the clinic contract names, by stable name.
// Routes (src/clinic/**/routes.ts) and commands (src/cli/commands/**) run these through
// runOperation; test/core/catalogue.test.ts walks this list.
import type { AnyOperation } from '../core/operation.js';

export const clinicOperations: AnyOperation[] = [
  // -- accounts and tenants: system, identity, tenants, members, invitations, owners, clients,
  //    providers, public profile, shares, passport, caregivers
  // -- records: pets, appointments, invoices, payments, orders, gateway, documents, health logs,
  //    prescriptions, vaccinations
];
