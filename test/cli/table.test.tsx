// Tables fit the terminal (issue 14): at 60, 80 and 160 columns every line fits, long cells end
// with an ellipsis, and no word is split across two lines.
import React from 'react';
import test from 'ava';
import { render } from 'ink-testing-library';
import { fitColumns, Table } from '../../src/cli/views/summary.js';

const columns = ['id', 'partner', 'organization', 'month', 'batch', 'status', 'records', 'last error'];
const rows = [
  [1, 'Paywise payroll partner', 'ACME', '2026-10', 1, 'delivered', 1000, null],
  [
    2,
    'Paywise payroll partner',
    'GLOBEX',
    '2026-10',
    2,
    'failed',
    1000,
    'connect ECONNREFUSED 127.0.0.1:9999 after 3 attempts',
  ],
];

// eslint-disable-next-line no-control-regex -- stripping the terminal's colour codes
const strip = (s: string) => s.replace(/\u001b\[[0-9;]*m/g, '');

for (const width of [60, 80, 160]) {
  test(`a table at ${width} columns fits, truncates with an ellipsis, splits no word`, (t) => {
    const frame = strip(render(<Table columns={columns} rows={rows} width={width} />).lastFrame() ?? '');
    const lines = frame.split('\n').filter((l) => l.trim() !== '');
    t.is(lines.length, 3, frame); // header + two rows: nothing wrapped onto a line of its own
    for (const line of lines) t.true(line.length <= width, `${line.length} > ${width}: ${line}`);
    // Short cells keep their words whole where there is room; the long ones give way first.
    if (width >= 80)
      for (const word of ['delivered', 'failed', 'GLOBEX', 'ACME'])
        t.true(frame.includes(word), `${word} was broken`);
    if (width < 160) t.true(frame.includes('…'), frame);
    else t.true(frame.includes('Paywise payroll partner'));
  });
}

test('fitColumns shrinks the widest first and never below the header', (t) => {
  t.deepEqual(fitColumns([2, 30, 5], [2, 7, 5], 200), [4, 32, 7]);
  const w = fitColumns([2, 30, 5], [2, 7, 5], 30);
  t.is(
    w.reduce((a, b) => a + b, 0),
    30,
  );
  t.true(w[1] >= 9);
});
