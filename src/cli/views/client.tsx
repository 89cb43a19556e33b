// A tenant's clients (the pet owners it knows), one page.
import React from 'react';
import type { ClientView } from '../../clinic/clients/serialize.js';
import type { PageResult } from '../clinic-page.js';
import { PageList } from './page-list.js';

export function ClientListView({ page }: { page: PageResult<ClientView> }) {
  return (
    <PageList
      noun="Clients"
      page={page}
      columns={['id', 'name', 'email', 'phone', 'pets']}
      row={(c) => [c.id, c.name, c.email, c.phone, c.pets_count]}
    />
  );
}
