// --limit and --cursor of the list commands: a keyset page; the next page's cursor is
// meta.next_cursor in the JSON output (and the last line of the table).
import type { FlagSpec } from './command.js';
import type { FieldFlag } from './input-flags.js';

/** The page fields' flags, for a command whose flags are its input's (`input.fields`). */
export const pageFields = {
  limit: { flags: '--limit <n>', description: 'rows per page (1–500, default 50)' },
  cursor: { flags: '--cursor <cursor>', description: 'the next page: meta.next_cursor of the previous one' },
} satisfies Record<string, FieldFlag>;

export const pageFlags: FlagSpec[] = Object.entries(pageFields).map(([field, flag]) => ({ ...flag, field }));
