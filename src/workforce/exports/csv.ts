// Daily attendance records as CSV: a header row of the contract's field names, one line per
// record, flags joined with `|`, empty cells for absent times. csv-stringify quotes commas, quotes
// and newlines. Streamed: the records are pulled from the database only as fast as the CSV is read.
//
// Records are turned into text a database page at a time: one stream chunk per page instead of a
// stream object and a csv-stringify pass per record, which was most of the export's CPU
// (docs/benchmarks.md). Memory holds one page.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { RECORD_FIELDS, type DailyRecord } from '../partners/records.js';

export function cells(r: DailyRecord): string[] {
  return [
    r.employee_id,
    r.organization_code,
    r.unit_code,
    r.date,
    r.status,
    r.check_in ?? '',
    r.check_out ?? '',
    String(r.worked_minutes),
    r.flags.join('|'),
  ];
}

/**
 * Most records hold nothing a CSV must quote, and for those a line is the cells joined; a record with
 * a comma, a quote or a line break in a cell goes through csv-stringify, which stays the authority
 * on quoting (test/workforce/exports/csv.test.ts checks the two agree).
 */
const NEEDS_QUOTING = /[",\r\n]/;
export function line(r: DailyRecord): string {
  const row = cells(r);
  return row.some((cell) => NEEDS_QUOTING.test(cell)) ? stringify([row]) : row.join(',') + '\n';
}

/** A database error mid-way errors the stream, so the reader sees a failure, not a short file. */
export function recordsToCsv(pages: AsyncIterable<DailyRecord[]>, onRecord?: () => void): Readable {
  return Readable.from(
    (async function* () {
      yield stringify([[...RECORD_FIELDS]]);
      for await (const page of pages) {
        if (!page.length) continue;
        if (onRecord) for (let i = 0; i < page.length; i++) onRecord();
        yield page.map(line).join('');
      }
    })(),
    { objectMode: false },
  );
}
