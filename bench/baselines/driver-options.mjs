// The mysql2 connection options every minimal program uses: the same as src/db/knex.ts gives knex
// (utf8mb4, UTC, dates as strings, exact big numbers), so a baseline decodes rows as our path does.
export const MYSQL_OPTIONS = {
  charset: 'utf8mb4',
  timezone: 'Z',
  dateStrings: true,
  supportBigNumbers: true,
  decimalNumbers: true,
};
