// The CSV line of a record: the fast path (cells joined) and csv-stringify (anything to quote) must
// write exactly what csv-stringify alone writes of the same cells, for plain and for awkward values.
// (The cells' order and content are checked against the contract by the export's HTTP and CLI tests.)
import test from 'ava';
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { cells, line, recordsToCsv } from '../../../src/workforce/exports/csv.js';
import { RECORD_FIELDS, type DailyRecord } from '../../../src/workforce/partners/records.js';

const base: DailyRecord = {
  employee_id: 'E001',
  organization_code: 'ACME',
  unit_code: 'BLR',
  date: '2026-01-05',
  status: 'present',
  check_in: '09:00:00Z',
  check_out: '18:00:00Z',
  worked_minutes: 540,
  flags: ['LATE_CHECK_IN', 'EARLY_CHECK_OUT'],
};

test('a line is what csv-stringify writes, plain or awkward', (t) => {
  const records: DailyRecord[] = [
    base,
    { ...base, check_in: null, check_out: null, flags: [] },
    { ...base, employee_id: 'E,002' },
    { ...base, unit_code: 'The "North" unit' },
    { ...base, organization_code: 'line\nbreak' },
    { ...base, employee_id: 'cr\rhere' },
    { ...base, employee_id: ' spaced ' },
    { ...base, employee_id: 'naïve – ünïcode' },
  ];
  for (const r of records) t.is(line(r), stringify([cells(r)]), JSON.stringify(r));
});

test('the stream: header, then one line per record, across pages', async (t) => {
  async function* pages() {
    yield [base, { ...base, employee_id: 'E,2' }];
    yield [];
    yield [{ ...base, employee_id: 'E3' }];
  }
  let seen = 0;
  let text = '';
  for await (const chunk of recordsToCsv(pages(), () => seen++)) text += chunk;
  t.is(seen, 3);
  t.is(
    text,
    stringify([
      [...RECORD_FIELDS],
      cells(base),
      cells({ ...base, employee_id: 'E,2' }),
      cells({ ...base, employee_id: 'E3' }),
    ]),
  );
});

test('a failure while reading errors the stream instead of ending it short', async (t) => {
  async function* failing() {
    yield [base];
    throw new Error('connection lost');
  }
  const csv = recordsToCsv(failing());
  await t.throwsAsync(
    async () => {
      for await (const _ of csv as Readable) void _;
    },
    { message: 'connection lost' },
  );
});
