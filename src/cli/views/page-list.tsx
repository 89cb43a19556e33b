// One page of a clinic list (`--page N`): every list says where the page stands the same way, and
// each view names only its rows.
import React from 'react';
import type { PageResult } from '../clinic-page.js';
import { Summary } from './summary.js';

/** The props of a page whose rows carry times. */
export interface ZonedPageProps<T> {
  page: PageResult<T>;
  /** The tenant's time zone (src/cli/names.ts); UTC when none is named (gateway events across tenants). */
  zone?: string;
}

export function PageList<T>({
  noun,
  page,
  columns,
  row,
}: {
  /** What the list holds, capitalised: "Pets". */
  noun: string;
  page: PageResult<T>;
  columns: string[];
  row: (item: T) => Array<string | number | null>;
}) {
  const { meta } = page;
  return (
    <Summary
      title={`${noun}: page ${meta.current_page} of ${meta.last_page} (${meta.total} in all)`}
      table={{ columns, rows: page.data.map((item) => row(item)) }}
    />
  );
}
