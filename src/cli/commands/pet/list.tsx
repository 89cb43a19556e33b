// `wfctl pet list --tenant TENANT`: pet.list, as GET /tenant/{tenant}/pets runs it.
import React from 'react';
import type { Command } from 'commander';
import { listPets } from '../../../clinic/pets/operations/list-pets.js';
import { clinicActor } from '../../actors.js';
import { pageFlag, pageResult } from '../../clinic-page.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { tenantNameFlag } from '../../tenant-flag.js';
import { PetListView } from '../../views/pet.js';

export function register(program: Command): void {
  commandGroup(program, 'pet', 'The pets (patients) of a clinic tenant');
  commandFor(program, listPets, {
    path: 'pet list',
    description: 'List a tenant’s pets (patients) with their client, 20 per page, newest first',
    flags: [tenantNameFlag, pageFlag],
    input: { skip: ['tenant_id'] },
    examples: ['wfctl pet list --tenant happy-paws', 'wfctl pet list --tenant happy-paws --page 2 --json'],
    context: clinicActor,
    json: pageResult,
    view: (page) => <PetListView page={pageResult(page)} />,
  });
}
