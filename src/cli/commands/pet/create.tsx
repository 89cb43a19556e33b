// `wfctl pet create --tenant TENANT --client ID --name NAME --species SPECIES …`: pet.create, as
// POST /tenant/{tenant}/pets runs it.
import React from 'react';
import type { Command } from 'commander';
import { createPet } from '../../../clinic/pets/operations/create-pet.js';
import { clinicActor } from '../../actors.js';
import { commandFor, type FlagSpec } from '../../command.js';
import { commandGroup } from '../../group.js';
import { fieldsOf, tenantFlag, tenantOf } from '../../tenant-flag.js';
import { PetSummaryView } from '../../views/pet.js';
import { petFieldFlags } from './fields.js';

const flags: FlagSpec[] = [
  {
    flags: '--client <id>',
    description: 'The client (owner) id the pet belongs to',
    required: true,
    prompt: 'Client id?',
    field: 'client_id',
  },
  ...petFieldFlags.map((f) =>
    f.field === 'name' || f.field === 'species'
      ? { ...f, required: true, prompt: `${f.field === 'name' ? 'Name' : 'Species'}?` }
      : f,
  ),
];

export function register(program: Command): void {
  commandGroup(program, 'pet', 'The pets (patients) of a clinic tenant');
  commandFor(program, createPet, {
    path: 'pet create',
    description: 'Register a pet (patient) for one of the tenant’s clients',
    flags: [tenantFlag, ...flags],
    examples: [
      'wfctl pet create --tenant happy-paws --client 4 --name Bruno --species dog --sex male',
      'wfctl pet create --tenant happy-paws --client 4 --name Mia --species cat --weight 4.2 --json',
    ],
    context: clinicActor,
    toInput: async (_args, given, ctx) => ({
      ...fieldsOf(flags, given),
      tenant_id: await tenantOf(given, ctx),
    }),
    view: (pet) => <PetSummaryView pet={pet} title={`Registered ${pet.name} (pet ${pet.id})`} />,
  });
}
