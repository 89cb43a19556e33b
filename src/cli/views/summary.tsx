// A titled list of label/value rows, optionally followed by a table: the default view of a result.
import React from 'react';
import { Box, Text } from '../ink.js';

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

/** Spaces between two columns. */
const GAP = 2;

/**
 * Column widths that fit `available` characters: each column gets its natural width (header or
 * longest cell); when the sum is too wide, the widest columns give way first, never below their
 * header, then not below 6 characters, and their cells (headers too, on a very narrow terminal) end
 * with an ellipsis instead of wrapping mid-word.
 */
export function fitColumns(natural: number[], headers: number[], available: number): number[] {
  const widths = natural.map((w) => w + GAP);
  let excess = widths.reduce((a, b) => a + b, 0) - available;
  for (const floor of [
    natural.map((w, i) => Math.min(w, Math.max(6, headers[i])) + GAP),
    natural.map((w) => Math.min(w, 6) + GAP),
  ]) {
    excess = shrink(widths, floor, excess);
  }
  return widths;
}

/** Takes up to `excess` characters from the widest columns above their floor; returns what is left. */
function shrink(widths: number[], floor: number[], excess: number): number {
  while (excess > 0) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) {
      if (widths[i] > floor[i] && (widest === -1 || widths[i] > widths[widest])) widest = i;
    }
    if (widest === -1) break; // every column at its floor
    widths[widest] -= 1;
    excess -= 1;
  }
  return excess;
}

export interface TableProps {
  columns: string[];
  rows: Array<Array<string | number | null>>;
  /** Characters available; default: the terminal's width (80 off a terminal). */
  width?: number;
}

export function Table({ columns, rows, width }: TableProps) {
  const cells = rows.map((r) =>
    columns.map((_, i) => (r[i] === null || r[i] === undefined ? '—' : String(r[i]))),
  );
  const natural = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i].length)));
  const available = (width ?? process.stdout.columns ?? 80) || 80;
  const widths = fitColumns(
    natural,
    columns.map((c) => c.length),
    available,
  );
  return (
    <Box flexDirection="column" marginTop={1}>
      <Box>
        {columns.map((c, i) => (
          <Box key={c} width={widths[i]} flexShrink={0}>
            <Text bold wrap="truncate-end">
              {c}
            </Text>
          </Box>
        ))}
      </Box>
      {rows.length === 0 ? <Text dimColor>(none)</Text> : null}
      {cells.map((r, ri) => (
        <Box key={ri}>
          {r.map((cell, i) => (
            <Box key={i} width={widths[i]} flexShrink={0} paddingRight={GAP}>
              <Text wrap="truncate-end">{cell}</Text>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
