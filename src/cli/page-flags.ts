// --limit and --cursor of the list commands: a keyset page; the next page's cursor is
// meta.next_cursor in the JSON output (and the last line of the table).
import type { FlagSpec } from './command.js';

export const pageFlags: FlagSpec[] = [
  { flags: '--limit <n>', description: 'rows per page (1–500, default 50)', field: 'limit' },
  {
    flags: '--cursor <cursor>',
    description: 'the next page: meta.next_cursor of the previous one',
    field: 'cursor',
  },
];
