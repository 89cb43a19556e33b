// A titled list of label/value rows, optionally followed by a table: the default view of a result.
import React from 'react';
import { Box, Text } from '../ink.js';
import { layoutTable, type ColumnSpec } from './table-layout.js';

export interface SummaryProps {
  title: string;
  rows?: Array<[string, React.ReactNode]>;
  table?: { columns: Array<string | ColumnSpec>; rows: Array<Array<string | number | null>> };
  tone?: 'ok' | 'warn' | 'error';
}

export function Summary({ title, rows = [], table, tone = 'ok' }: SummaryProps) {
  const color = tone === 'ok' ? 'green' : tone === 'warn' ? 'yellow' : 'red';
  return (
    <Box flexDirection="column">
      <Text bold color={color}>
        {title}
      </Text>
      {rows.map(([label, value], i) => (
        // Labels may repeat (migrate lists one row per migration): the position is the key.
        <Box key={i}>
          <Box width={28} flexShrink={0}>
            <Text dimColor>{label}</Text>
          </Box>
          <Text>{value}</Text>
        </Box>
      ))}
      {table ? <Table {...table} /> : null}
    </Box>
  );
}

export interface TableProps {
  /** Header titles; a column's kind (what may give way) is inferred from its title unless given. */
  columns: Array<string | ColumnSpec>;
  rows: Array<Array<string | number | null>>;
  /** Characters available; default: the terminal's width (80 off a terminal). */
  width?: number;
}

/** A table laid out by layoutTable (src/cli/views/table-layout.ts): nothing that matters is cut. */
export function Table({ columns, rows, width }: TableProps) {
  const specs = columns.map((c) => (typeof c === 'string' ? { title: c } : c));
  const cells = rows.map((r) =>
    specs.map((_, i) => (r[i] === null || r[i] === undefined || r[i] === '' ? '—' : String(r[i]))),
  );
  const available = (width ?? process.stdout.columns ?? 80) || 80;
  const layout = layoutTable(specs, cells, available);
  return (
    <Box flexDirection="column" marginTop={1}>
      {rows.length === 0 ? (
        <Text dimColor>(none)</Text>
      ) : (
        <>
          {layout.header.map((line, i) => (
            <Text key={`h${i}`} bold wrap="truncate-end">
              {line}
            </Text>
          ))}
          {layout.rows.flat().map((line, i) => (
            <Text key={i} wrap="truncate-end">
              {line}
            </Text>
          ))}
          {layout.hidden.length ? (
            <Text dimColor>
              (too narrow for {layout.hidden.join(', ')}: a wider terminal or --json shows them)
            </Text>
          ) : null}
        </>
      )}
    </Box>
  );
}
