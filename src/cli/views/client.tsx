// A tenant's clients (the pet owners it knows), one page.
import React from 'react';
import type { ClientView } from '../../clinic/clients/serialize.js';
import type { pageResult } from '../clinic-page.js';
import { Summary } from './summary.js';

export function ClientListView({ page }: { page: ReturnType<typeof pageResult<ClientView>> }) {
  const { meta } = page;
  return (
    <Summary
      title={`Clients: page ${meta.current_page} of ${meta.last_page} (${meta.total} in all)`}
      table={{
        columns: ['id', 'name', 'email', 'phone', 'pets'],
        rows: page.data.map((c) => [c.id, c.name, c.email, c.phone, c.pets_count]),
      }}
    />
  );
}
