// A titled list of label/value rows, optionally followed by a table: the default view of a result.
import React from 'react';
import { Box, Text } from 'ink';

export interface SummaryProps {
  title: string;
  rows?: Array<[string, React.ReactNode]>;
  table?: { columns: string[]; rows: Array<Array<string | number | null>> };
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
          <Box width={28}>
            <Text dimColor>{label}</Text>
          </Box>
          <Text>{value}</Text>
        </Box>
      ))}
      {table ? <Table {...table} /> : null}
    </Box>
  );
}

export function Table({ columns, rows }: { columns: string[]; rows: Array<Array<string | number | null>> }) {
  const widths = columns.map((c, i) =>
    Math.min(48, Math.max(c.length, ...rows.map((r) => String(r[i] ?? '').length)) + 2),
  );
  return (
    <Box flexDirection="column" marginTop={1}>
      <Box>
        {columns.map((c, i) => (
          <Box key={c} width={widths[i]}>
            <Text bold>{c}</Text>
          </Box>
        ))}
      </Box>
      {rows.length === 0 ? <Text dimColor>(none)</Text> : null}
      {rows.map((r, ri) => (
        <Box key={ri}>
          {r.map((cell, i) => (
            <Box key={i} width={widths[i]}>
              <Text>{cell === null ? '—' : String(cell)}</Text>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
