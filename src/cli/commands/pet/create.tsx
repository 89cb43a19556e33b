// `wfctl pet create --tenant TENANT --client ID --name NAME --species SPECIES …`: pet.create, as
// POST /tenant/{tenant}/pets runs it.
import React from 'react';
import type { Command } from 'commander';
import { createPet } from '../../../clinic/pets/operations/create-pet.js';
import { clinicActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { tenantNameFlag } from '../../tenant-flag.js';
import { PetSummaryView } from '../../views/pet.js';
import { petFlagNames } from './fields.js';

export function register(program: Command): void {
  commandGroup(program, 'pet', 'The pets (patients) of a clinic tenant');
  commandFor(program, createPet, {
    path: 'pet create',
    description: 'Register a pet (patient) for one of the tenant’s clients',
    flags: [tenantNameFlag],
    input: { skip: ['tenant_id'], fields: { client_id: '--client <id>', ...petFlagNames } },
    examples: [
      'wfctl pet create --tenant happy-paws --client 1 --name Bruno --species dog --sex male',
      'wfctl pet create --tenant happy-paws --client 1 --name Mia --species cat --weight 4.2 --json',
    ],
    context: clinicActor,
    view: (pet) => <PetSummaryView pet={pet} title={`Registered ${pet.name} (pet ${pet.id})`} />,
  });
}
