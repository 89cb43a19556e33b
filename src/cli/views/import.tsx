// The import's counts per section, and the corrected attendance days it kept.
import React from 'react';
import { Box } from '../ink.js';
import type { ImportResult } from '../../workforce/import/operations/import-records.js';
import { Summary } from './summary.js';

export function ImportView({ result }: { result: ImportResult }) {
  const rows = Object.entries(result.counts).map(([section, c]) => [
    section,
    c.created,
    c.updated,
    c.existing,
  ]);
  const conflicts = result.conflicts;
  return (
    <Box flexDirection="column">
      <Summary
        title={result.dry_run ? 'Preview: import (nothing was written)' : 'Imported'}
        tone={result.dry_run || conflicts.length ? 'warn' : 'ok'}
        table={{ columns: ['section', 'created', 'updated', 'already there'], rows }}
      />
      {conflicts.length ? (
        <Summary
          title={`${conflicts.length} corrected attendance day${conflicts.length === 1 ? '' : 's'} kept (--overwrite-corrected writes the document over them)`}
          tone="warn"
          table={{
            columns: ['row', 'employee', 'date', 'the document would change'],
            rows: conflicts.map((c) => [
              `attendance[${c.index}]`,
              c.employee_id,
              c.date,
              c.fields.join(', '),
            ]),
          }}
        />
      ) : null}
    </Box>
  );
}
