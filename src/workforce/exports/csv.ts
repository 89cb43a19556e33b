// Daily attendance records as CSV: a header row of the contract's field names, one line per
// record, flags joined with `|`, empty cells for absent times. csv-stringify quotes commas, quotes
// and newlines. Streamed: the records are pulled from the database only as fast as the CSV is read.
import { pipeline, Readable, type Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import { RECORD_FIELDS, type DailyRecord } from '../partners/records.js';

export function recordsToCsv(records: AsyncIterable<DailyRecord>, onRecord?: () => void): Transform {
  const rows = Readable.from(
    (async function* () {
      for await (const r of records) {
        onRecord?.();
        yield [
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
    })(),
  );
  const csv = stringify({ header: true, columns: [...RECORD_FIELDS], eof: true });
  // A database error mid-way destroys the CSV stream too, so the reader sees a failure, not a short file.
  pipeline(rows, csv, () => {});
  return csv;
}
