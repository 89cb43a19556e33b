// Pets (patients) of a clinic tenant: one page of them, and one pet.
import React from 'react';
import type { PetView } from '../../clinic/pets/serialize.js';
import type { PageResult } from '../clinic-page.js';
import { PageList } from './page-list.js';
import { Summary } from './summary.js';

export function PetListView({ page }: { page: PageResult<PetView> }) {
  return (
    <PageList
      noun="Pets"
      page={page}
      columns={['id', 'name', 'species', 'breed', 'sex', 'born', 'client']}
      row={(p) => [
        p.id,
        p.name,
        p.species,
        p.breed,
        p.sex,
        p.date_of_birth,
        `${p.client.name} (${p.client.id})`,
      ]}
    />
  );
}

export function PetSummaryView({ pet, title }: { pet: PetView; title: string }) {
  return (
    <Summary
      title={title}
      rows={[
        ['pet', `${pet.name} (id ${pet.id})`],
        ['species', [pet.species, pet.breed].filter(Boolean).join(', ')],
        ['sex', pet.sex],
        ['date of birth', pet.date_of_birth ?? '—'],
        ['color', pet.color ?? '—'],
        ['microchip', pet.microchip_id ?? '—'],
        ['weight (kg)', pet.weight_kg === null ? '—' : String(pet.weight_kg)],
        ['client', `${pet.client.name} (id ${pet.client.id})`],
      ]}
    />
  );
}
