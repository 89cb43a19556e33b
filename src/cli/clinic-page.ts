// Clinic lists page by number (`--page N`, 50 a page for tenants, members and clients); --json
// prints the page's rows with the counts a script needs to walk it.
import { UsageError } from '../core/errors.js';
import type { FlagSpec } from './command.js';

export interface ClinicPage<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number;
}

/** `--page` as a page number, or a usage error naming the flag. */
export function pageNumber(text: unknown): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    throw new UsageError(`--page must be a whole number from 1 (got "${String(text)}").`);
  }
  return n;
}

export const pageFlag: FlagSpec = {
  flags: '--page <n>',
  description: 'page number',
  default: '1',
  field: 'page',
  parse: pageNumber,
};

/** What --json prints for a page: `{data, meta: {current_page, last_page, per_page, total}}`. */
export function pageResult<T>(page: ClinicPage<T>) {
  return {
    data: page.items,
    meta: {
      current_page: page.page,
      last_page: Math.max(1, Math.ceil(page.total / page.perPage)),
      per_page: page.perPage,
      total: page.total,
    },
  };
}

/** A page as pageResult gives it to --json and to the views. */
export type PageResult<T> = ReturnType<typeof pageResult<T>>;
