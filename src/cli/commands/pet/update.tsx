// `wfctl pet update PET --tenant TENANT [--name …]`: pet.update, as PATCH
// /tenant/{tenant}/patients/{pet} runs it (only the flags given change).
import React from 'react';
import type { Command } from 'commander';
import { updatePet } from '../../../clinic/pets/operations/update-pet.js';
import { clinicActor } from '../../actors.js';
import { commandFor } from '../../command.js';
import { commandGroup } from '../../group.js';
import { tenantNameFlag } from '../../tenant-flag.js';
import { PetSummaryView } from '../../views/pet.js';
import { petFlagNames } from './fields.js';

export function register(program: Command): void {
  commandGroup(program, 'pet', 'The pets (patients) of a clinic tenant');
  commandFor(program, updatePet, {
    path: 'pet update',
    description: 'Change some of a patient’s fields (only the flags given; an empty value clears one)',
    args: [{ name: 'pet', description: 'pet id', prompt: 'Pet id?', field: 'pet_id' }],
    flags: [tenantNameFlag],
    input: {
      skip: ['tenant_id'],
      fields: {
        ...petFlagNames,
        // Update only (an extension beyond the contract): no reminder is sent about a deceased pet.
        deceased_on: { description: 'YYYY-MM-DD the pet died ("" clears it)' },
      },
    },
    examples: [
      'wfctl pet update 1 --tenant happy-paws --weight 31.5',
      'wfctl pet update 1 --tenant happy-paws --breed "" --json',
    ],
    context: clinicActor,
    view: (pet) => <PetSummaryView pet={pet} title={`Updated ${pet.name} (pet ${pet.id})`} />,
  });
}
