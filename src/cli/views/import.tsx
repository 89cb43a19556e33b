// The import's counts per section.
import React from 'react';
import type { ImportResult } from '../../workforce/import/operations/import-records.js';
import { Summary } from './summary.js';

export function ImportView({ result }: { result: ImportResult }) {
  const rows = Object.entries(result.counts).map(([section, c]) => [
    section,
    c.created,
    c.updated,
    c.existing,
  ]);
  return (
    <Summary
      title={result.dry_run ? 'Preview: import (nothing was written)' : 'Imported'}
      tone={result.dry_run ? 'warn' : 'ok'}
      table={{ columns: ['section', 'created', 'updated', 'already there'], rows }}
    />
  );
}
