// The CLI on a real pseudo-terminal (tmux), as an operator sees it (issue 14).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDb } from '../helpers/db.js';
import { openShell, openTerminal, quote, terminalTest, wfctlCommand } from '../helpers/tty.js';
import { createEmployee, createOrg } from '../helpers/workforce.js';
import { createPartner, lockedJanuary, lockFixture } from '../workforce/partners/fixtures.js';

terminalTest('Ctrl-C at a prompt is a quiet "Aborted." and exit 130', async (t) => {
  const db = await createTestDb('sqlite');
  t.teardown(() => db.destroy());
  const term = openTerminal(['offboard'], {
    env: { DATABASE_URL: `sqlite:${(db.database as any).filename}` },
  });
  t.teardown(() => term.close());
  await term.waitFor(/Employee/);
  term.type('C-c');
  t.is(await term.exitCode(), 130);
  const screen = term.screen();
  t.regex(screen, /Aborted\./);
  t.notRegex(screen, /unexpected error|ExitPromptError|at .*\.js/);
});

terminalTest(
  'migrate status at 80 columns: every line fits, no name runs into the state column',
  async (t) => {
    const db = await createTestDb('sqlite');
    t.teardown(() => db.destroy());
    const term = openTerminal(['migrate', 'status'], {
      width: 80,
      env: { DATABASE_URL: `sqlite:${(db.database as any).filename}` },
    });
    t.teardown(() => term.close());
    t.is(await term.exitCode(), 0);
    const lines = term.screen().split('\n');
    const rows = lines.filter((l) => /\bcompleted\s*$/.test(l));
    t.true(rows.length > 5, lines.join('\n'));
    for (const line of lines) t.true(line.length <= 80);
    for (const row of rows) t.regex(row, /\s{2,}completed\s*$/, row); // a gap before the state
  },
);

terminalTest('a prompt refuses a bad date on the spot with the rule, and asks again', async (t) => {
  const db = await createTestDb('sqlite');
  t.teardown(() => db.destroy());
  // The employee is looked up before anything is asked (issue 25), so it must exist.
  const org = await createOrg(db.db, { code: 'ACME' });
  await createEmployee(db.db, { organizationId: org.id, code: 'A1001' });
  const term = openTerminal(['offboard', 'A1001', '--reason', 'Resigned'], {
    env: { DATABASE_URL: `sqlite:${(db.database as any).filename}` },
  });
  t.teardown(() => term.close());
  await term.waitFor(/Last working day/);
  term.type('2026-13-45', 'Enter');
  const screen = await term.waitFor(/valid|date/i);
  t.regex(screen, /2026-13-45/); // still on the prompt, the answer kept for correction
  t.notRegex(screen, /\[exit \d+\]/);
  term.type('C-c');
  t.is(await term.exitCode(), 130);
});

// A colour or style escape (SGR), built from a string: a literal ESC in a regex trips the linter.
const SGR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`);

for (const [how, args, env] of [
  ['NO_COLOR', ['migrate', 'status'], { NO_COLOR: '1' }],
  ['--no-color', ['migrate', 'status', '--no-color'], {}],
] as const) {
  terminalTest(`${how}: no colour escapes on a terminal (and colour without it)`, async (t) => {
    const db = await createTestDb('sqlite');
    t.teardown(() => db.destroy());
    const database = { DATABASE_URL: `sqlite:${(db.database as any).filename}` };
    // Tall enough for every migration line and the coloured header above them.
    const plain = openTerminal([...args], { env: { ...database, ...env }, height: 100 });
    t.teardown(() => plain.close());
    t.is(await plain.exitCode(), 0);
    t.regex(plain.screen(), /completed/);
    t.notRegex(plain.styledScreen(), SGR);
    const coloured = openTerminal(['migrate', 'status'], { env: database, height: 100 });
    t.teardown(() => coloured.close());
    t.is(await coloured.exitCode(), 0);
    t.regex(coloured.styledScreen(), SGR); // the check above can fail
  });
}

// The progress line is erased when the import ends, so the test reads everything the terminal was
// sent (`script` records it) rather than the final screen.
terminalTest(
  'import on a terminal shows rows per section, rate and time left, then only the result',
  async (t) => {
    const db = await createTestDb('sqlite');
    t.teardown(() => db.destroy());
    const dir = mkdtempSync(join(tmpdir(), 'wfctl-import-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    const units = Array.from({ length: 1000 }, (_, i) => ({
      organization: 'PRG',
      code: `U${i}`,
      name: `Unit ${i}`,
    }));
    const employees = Array.from({ length: 2000 }, (_, i) => ({
      employee_id: `P${String(i).padStart(5, '0')}`,
      organization: 'PRG',
      unit: `U${i % 1000}`,
      name: `Person ${i}`,
      starts_on: '2025-04-01',
    }));
    const document = {
      organizations: [{ code: 'PRG', name: 'Progress Ltd', timezone: 'Asia/Kolkata' }],
      units,
      employees,
    };
    writeFileSync(join(dir, 'people.json'), JSON.stringify(document));
    const log = join(dir, 'typescript');
    const command = wfctlCommand(['import', join(dir, 'people.json')]);
    const recorder = openShell(`script -qfc ${quote(command)} ${quote(log)}`, {
      width: 80,
      env: { DATABASE_URL: `sqlite:${(db.database as any).filename}` },
    });
    t.teardown(() => recorder.close());
    t.is(await recorder.exitCode(), 0);
    const sent = readFileSync(log, 'utf8');
    t.regex(sent, /employees \(3 of 3\): 2,000 rows · [\d,]+\/3,001 done · [\d,]+ rows\/s · \d+ s left/);
    t.regex(recorder.screen(), /employees\s+2000/);
    t.notRegex(recorder.screen(), /\(\d of \d\)|rows\/s/); // the line is gone, the result stays
  },
);

// Issue 25, second pass. Markers echoed before each command are what a spinner used to erase.
terminalTest(
  'progress lines erase nothing above them; the CSV keeps its last row; fy close works on the seed',
  async (t) => {
    const db = await createTestDb('sqlite');
    t.teardown(() => db.destroy());
    const now = new Date();
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)); // the seed's month
    const month = last.toISOString().slice(0, 7);
    const wf = (...args: string[]) => `${wfctlCommand(args)} || echo FAILED`;
    const script = [
      'echo ABOVE-MIGRATE',
      wf('migrate'),
      'echo ABOVE-SEED',
      wf('seed', '--only', 'workforce-demo'),
      'echo ABOVE-CLOSE',
      // The example of `fy close --help`, on the seed (stdout aside, so the screen stays short).
      `${wfctlCommand(['fy', 'close', 'ACME/FY2024', '--yes'])} > /dev/null || echo FAILED`,
      'echo ABOVE-EXPORT',
      `${wfctlCommand(['lock', '--org', 'ACME', '--month', month])} > /dev/null || echo FAILED`,
      wf('export', '--org', 'ACME', '--month', month, '--unit', 'BLR'),
      `${wfctlCommand(['export', '--org', 'ACME', '--month', month, '--unit', 'BLR'])} | tail -n 1 | sed 's/^/LAST-ROW /'`,
    ].join('; ');
    // One shell for the whole script, so DATABASE_URL reaches every command in it.
    const term = openShell(`bash -c ${quote(script)}`, {
      width: 80,
      height: 150,
      env: { DATABASE_URL: `sqlite:${(db.database as any).filename}` },
    });
    t.teardown(() => term.close());
    t.is(await term.exitCode(120_000), 0);
    const screen = term.screen();
    t.notRegex(screen, /FAILED/, screen);
    // Each command's first line (which database) and the marker above it are still there.
    t.regex(screen, /^ABOVE-MIGRATE\ndatabase: sqlite \S+\nAlready up to date$/m, screen);
    t.regex(screen, /^ABOVE-SEED\ndatabase: sqlite \S+\nSeeded workforce-demo$/m, screen);
    t.regex(screen, /^ABOVE-CLOSE\ndatabase: /m, screen); // the line after the seed's result stayed
    t.regex(screen, /^ABOVE-EXPORT$/m, screen);
    const lastRow = /^LAST-ROW (.+)$/m.exec(screen)![1];
    t.regex(lastRow, /^A100\d,ACME,BLR,/);
    // The same row drawn by the export to the terminal, right above the second export's output.
    t.true(screen.split('\n').includes(lastRow), screen);
  },
);

terminalTest(
  'locks at 60 columns: every month, state and time readable; empty columns left out',
  async (t) => {
    const db = await createTestDb('sqlite');
    t.teardown(() => db.destroy());
    const org = await createOrg(db.db, { code: 'ACME', timezone: 'Asia/Kolkata' });
    for (const month of ['2026-01', '2026-02', '2026-03'])
      await lockFixture(db.db, { organizationId: org.id, month });
    const term = openTerminal(['locks', '--org', 'ACME', '--year', '2026'], {
      width: 60,
      env: { DATABASE_URL: `sqlite:${(db.database as any).filename}` },
    });
    t.teardown(() => term.close());
    t.is(await term.exitCode(), 0);
    const screen = term.screen();
    for (const line of screen.split('\n')) t.true(line.length <= 60, line);
    for (let m = 1; m <= 12; m++)
      t.regex(screen, new RegExp(`^2026-${String(m).padStart(2, '0')}  `, 'm'), screen);
    t.regex(screen, /^2026-01 {2}locked {2}\d+\s+\S+\s+2026-02-01 07:30 \+05:30/m, screen);
    t.notRegex(screen, /unit locks|…\s*$/m, screen); // no unit lock anywhere: the column is left out
  },
);

terminalTest(
  'partner push against a refused connection shows attempt n/N and counts down to the retry',
  async (t) => {
    const db = await createTestDb('sqlite');
    t.teardown(() => db.destroy());
    const { org } = await lockedJanuary(db.db, { code: 'ACME' });
    await createPartner(db.db, {
      name: 'Paywise',
      url: 'http://127.0.0.1:9/hooks', // the discard port: nothing listens, the connection is refused
      organizationIds: [org.id],
    });
    // Every frame is recorded (`script`): the screen is polled too seldom under load to catch a
    // two-second wait, and the line is gone once the push ends (five attempts, 30 s of waits).
    const dir = mkdtempSync(join(tmpdir(), 'wfctl-push-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    const log = join(dir, 'typescript');
    const command = wfctlCommand(['partner', 'push']);
    const term = openShell(`script -qefc ${quote(command)} ${quote(log)}`, {
      width: 80,
      env: { DATABASE_URL: `sqlite:${(db.database as any).filename}` },
    });
    t.teardown(() => term.close());
    t.is(await term.exitCode(120_000), 1); // the batch died: exit 1, named
    const sent = readFileSync(log, 'utf8');
    t.regex(sent, /Paywise ACME 2026-01 batch 0: attempt 1\/5 failed, retrying in 2 s \(ECONN/);
    for (const left of [4, 3, 2, 1]) t.regex(sent, new RegExp(`attempt 2/5 failed, retrying in ${left} s`));
    t.regex(sent, /attempt 4\/5 failed, retrying in 16 s/);
    const screen = term.screen();
    t.notRegex(screen, /retrying in/); // the line is gone, the result stays
    t.regex(screen, /Paywise\s+ACME\s+2026-01/);
    for (const line of screen.split('\n')) t.true(line.length <= 80, line);
  },
);

terminalTest('unlock confirms on a terminal; answering no changes nothing and exits 1', async (t) => {
  const db = await createTestDb('sqlite');
  t.teardown(() => db.destroy());
  const org = await createOrg(db.db, { code: 'ACME' });
  const lockId = await lockFixture(db.db, { organizationId: org.id, month: '2026-01' });
  const term = openTerminal(['unlock', String(lockId), '--reason', 'late punches'], {
    width: 80,
    env: { DATABASE_URL: `sqlite:${(db.database as any).filename}` },
  });
  t.teardown(() => term.close());
  await term.waitFor(new RegExp(`Unlock lock ${lockId} \\(late punches\\)\\?`));
  term.type('n', 'Enter');
  t.is(await term.exitCode(), 1);
  t.regex(term.screen(), /Not confirmed: nothing was changed\./);
  t.is((await db.db('attendance_locks').where({ id: lockId })).length, 1);
});
