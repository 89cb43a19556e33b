// Crash tests: each long operation is killed with SIGKILL at several moments in a child process
// (test/crash/harness.ts); nothing is ever half-done, no lock outlives the process, a re-run completes.
import test from 'ava';
import { DIALECTS } from '../helpers/db.js';
import { crashDrill, type CrashCase } from './harness.js';
import { importCase } from './cases/import.js';
import { lockMonthCase } from './cases/lock-month.js';
import { offboardCase } from './cases/offboard.js';
import { retireOrganizationCase } from './cases/retire-organization.js';
import { retireUnitCase } from './cases/retire-unit.js';

const CASES: CrashCase[] = [lockMonthCase, importCase, retireOrganizationCase, retireUnitCase, offboardCase];

for (const dialect of DIALECTS) {
  for (const crashCase of CASES) {
    test.serial(`${dialect}: ${crashCase.name}: killed at any moment, all or nothing; a re-run completes`, async (t) => {
      await crashDrill(t, dialect, crashCase, (report) => t.log(JSON.stringify(report)));
    });
  }
}
