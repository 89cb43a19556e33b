// Tables fit the terminal (issues 14 and 25): the values that matter (codes, months, statuses,
// times) are never cut; names and free text give way, all-empty columns are left out, and headers
// are always separated by a gap.
import React from 'react';
import test from 'ava';
import { renderToString } from 'ink';
import { Table } from '../../src/cli/views/summary.js';
import { layoutTable, wrapWords } from '../../src/cli/views/table-layout.js';

const columns = [
  'id',
  'partner',
  'org',
  'month',
  'batch',
  'status',
  'attempts',
  'left',
  'code',
  'last error',
];
const rows = [
  [1, 'Paywise payroll partner', 'ACME', '2026-10', 1, 'delivered', 1, 0, null, null],
  [
    2,
    'Paywise payroll partner',
    'GLOBEX',
    '2026-10',
    2,
    'pending',
    3,
    2,
    null,
    'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9999 after 3 attempts',
  ],
];

// eslint-disable-next-line no-control-regex -- stripping the terminal's colour codes
const strip = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');

for (const width of [60, 80, 160]) {
  test(`a table at ${width} columns fits and keeps every code, month and status whole`, (t) => {
    const frame = strip(
      renderToString(<Table columns={columns} rows={rows} width={width} />, { columns: width }),
    );
    const lines = frame.split('\n').filter((l) => l.trim() !== '');
    for (const line of lines) t.true(line.length <= width, `${line.length} > ${width}: ${line}`);
    for (const word of ['delivered', 'pending', 'GLOBEX', 'ACME', '2026-10'])
      t.true(frame.includes(word), frame);
    t.notRegex(frame, /\bcode\b/, frame); // an all-empty column is left out
    t.notRegex(frame, /attemptsleft|deliveredfailed/, frame);
    if (width >= 80)
      t.regex(frame, /attempts\s{2,}left/, frame); // headers are separated
    else t.regex(frame.replace(/\s+/g, ' '), /too narrow for left:/, frame);
    // The name gives way at 60; at 80 the room the error left (written under its row) is its own.
    if (width < 80) t.regex(frame, /Paywise…|Paywise pa…/, frame);
    else t.true(frame.includes('Paywise payroll partner'));
    // The error is whole: in its column when there is room, else written under its row.
    t.regex(frame.replace(/\s+/g, ' '), /connect ECONNREFUSED 127\.0\.0\.1:9999 after 3 attempts/, frame);
    if (width < 160) t.regex(frame, /^ {4}last error: ECONNREFUSED/m, frame);
  });
}

test('layoutTable: names and free text give way, fixed columns never', (t) => {
  const specs = [{ title: 'month' }, { title: 'name' }, { title: 'status' }, { title: 'last error' }];
  const cells = [['2026-01', 'Someone With A Rather Long Name Indeed', 'pending', 'connect ECONNREFUSED']];
  const l = layoutTable(specs, cells, 50);
  t.deepEqual(
    l.columns.map((c) => [c.title, c.kind]),
    [
      ['month', 'fixed'],
      ['name', 'name'],
      ['status', 'fixed'],
      ['last error', 'text'],
    ],
  );
  t.is(l.columns[0].width, 7);
  t.is(l.columns[2].width, 7);
  t.deepEqual(l.hidden, []);
  for (const line of [...l.header, ...l.rows.flat()]) t.true(line.length <= 50, line);
  t.deepEqual(l.rows[0].length, 2); // the error wrapped onto a second line, whole
  t.regex(l.rows[0][0], /^2026-01 {2}Someone[^…]*… {2}pending {2}connect$/);
});

test('layoutTable: an e-mail address is never cut, and roles wrap whole at their commas', (t) => {
  const specs = [{ title: 'id' }, { title: 'email' }, { title: 'name' }, { title: 'roles' }];
  const cells = [
    ['12', 'orgadmin@acme.demo', 'Priya Raman, ACME admin', 'shift_manager:ACME, org_admin:GLOBEX'],
  ];
  const l = layoutTable(specs, cells, 60);
  for (const line of [...l.header, ...l.rows.flat()]) t.true(line.length <= 60, line);
  const text = l.rows.flat().join('\n');
  t.regex(text, /orgadmin@acme\.demo/);
  t.regex(text, /shift_manager:ACME/);
  t.regex(text, /org_admin:GLOBEX/);
  t.notRegex(text, /:…|GLOB…|acme\.…/);
});

test('layoutTable: free text its column would cut is written under its row instead', (t) => {
  const specs = [{ title: 'month' }, { title: 'status' }, { title: 'last error' }];
  const error = 'x '.repeat(40).trim();
  const l = layoutTable(specs, [['2026-01', 'pending', error]], 40);
  t.deepEqual(
    l.columns.map((c) => c.title),
    ['month', 'status'],
  );
  t.is(l.rows[0][0], '2026-01  pending');
  t.regex(l.rows[0][1], /^ {4}last error: x x/);
  t.is(l.rows[0].slice(1).join(' ').match(/x/g)!.length, 40); // all of it
});

test('layoutTable: headers wrap at spaces before values are cut; all-empty columns go', (t) => {
  const specs = [{ title: 'month' }, { title: 'unit locks' }, { title: 'rows locked' }, { title: 'lock' }];
  const cells = [['2026-10', '—', '0/186', '—']];
  const l = layoutTable(specs, cells, 18);
  t.deepEqual(
    l.columns.map((c) => c.title),
    ['month', 'rows locked'],
  );
  t.deepEqual(l.header, ['month    rows', '         locked']);
  t.deepEqual(l.rows, [['2026-10  0/186']]);
});

test('layoutTable: too narrow for the fixed columns, the rightmost are left out and named', (t) => {
  const l = layoutTable(
    [{ title: 'month' }, { title: 'locked at' }],
    [['2026-10', '2026-10-31 18:00 +05:30']],
    20,
  );
  t.deepEqual(l.hidden, ['locked at']);
  t.deepEqual(l.rows, [['2026-10']]);
});

test('wrapWords keeps words whole, splits only a word longer than the line, ends a cut with …', (t) => {
  t.deepEqual(wrapWords('connect ECONNREFUSED 127.0.0.1:9999', 12, 3), [
    'connect',
    'ECONNREFUSED',
    '127.0.0.1:9…',
  ]);
  t.deepEqual(wrapWords('a b c', 12, 3), ['a b c']);
  t.deepEqual(wrapWords('one two three four', 5, 2), ['one', 'two …']);
});
