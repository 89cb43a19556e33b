// `wfctl seed`: per data set, what a person needs next (the logins and password to try), then
// what was created as a table. Values are shown by shape: lists joined, `counts` (the import's
// section → created/updated/existing) as rows, other objects as compact JSON.
import React from 'react';
import { Box } from '../ink.js';
import { Summary } from './summary.js';

export interface SeedResult {
  name: string;
  result: Record<string, unknown>;
}

type Counts = Record<string, { created: number; updated?: number; existing: number }>;

function shown(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function isCounts(value: unknown): value is Counts {
  return (
    value !== null &&
    typeof value === 'object' &&
    Object.values(value).every((c) => c !== null && typeof c === 'object' && 'created' in c)
  );
}

export function SeedView({ seeds }: { seeds: SeedResult[] }) {
  if (seeds.length === 0) return <Summary title="No seeds to run" tone="warn" />;
  return (
    <Box flexDirection="column" gap={1}>
      {seeds.map(({ name, result }) => {
        const { counts, ...rest } = result;
        const table = isCounts(counts) ? counts : null;
        const rows = Object.entries(table ? rest : result);
        return (
          <Summary
            key={name}
            title={`Seeded ${name}`}
            rows={rows.map(([k, v]) => [k.replace(/_/g, ' '), shown(v)] as [string, string])}
            table={
              table
                ? {
                    columns: ['records', 'created', 'updated', 'already there'],
                    rows: Object.entries(table).map(([s, c]) => [s, c.created, c.updated ?? 0, c.existing]),
                  }
                : undefined
            }
          />
        );
      })}
    </Box>
  );
}
