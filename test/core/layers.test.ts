// The layer rules of ARCHITECTURE.md are lint rules (eslint.config.js); `npm test` runs the linter
// over the tree. This proves the rules bite: a wrong-way import in each layer is an error, and so is
// a transaction opened anywhere but the runner and src/db (inTransaction), and so is process.env
// read anywhere but src/environment.ts.
import test from 'ava';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return result.messages
    .filter((m) => /^no-restricted-(imports|syntax|properties)$/.test(m.ruleId ?? ''))
    .map((m) => m.message);
}

const cases: Array<[string, string, boolean]> = [
  ['src/core/probe.ts', "import type { WorkforceContext } from '../workforce/context.js';", true],
  ['src/db/probe.ts', "import { clinicPolicy } from '../clinic/policy.js';", true],
  ['src/http/probe.ts', "import { register } from '../cli/commands/offboard.js';", true],
  ['src/workforce/probe.ts', "import { clinicPolicy } from '../clinic/policy.js';", true],
  ['src/clinic/pets/probe.ts', "import { workforcePolicy } from '../../workforce/policy.js';", true],
  ['src/clinic/probe.ts', "import { createHttpApp } from '../http/app.js';", true],
  ['src/workforce/probe.ts', "import { commandFor } from '../cli/command.js';", true],
  ['src/scheduler/probe.ts', "import { createHttpApp } from '../http/app.js';", true],
  // the scheduler is handed its jobs and handlers by the composition root (src/tasks.ts)
  ['src/scheduler/probe.ts', "import { caregiverJobHandlers } from '../clinic/caregivers/jobs.js';", true],
  [
    'src/scheduler/probe.ts',
    "import { lockMonth } from '../workforce/attendance/operations/lock-month.js';",
    true,
  ],
  ['src/scheduler/probe.ts', "import { jobHandlers } from '../tasks.js';", true],
  ['src/tasks.ts', "import { createHttpApp } from './http/app.js';", true],
  // a transaction is opened by the runner and src/db only
  ['src/workforce/partners/probe.ts', "import { inTransaction } from '../../db/transaction.js';", true],
  ['src/clinic/probe.ts', "import { inTransaction as tx } from '../db/transaction.js';", true],
  [
    'src/cli/probe.ts',
    "import * as t from '../db/transaction.js';\nt.inTransaction(null as any, async () => 1);",
    true,
  ],
  ['src/scheduler/probe.ts', "import { inTransaction } from '../db/transaction.js';", true],
  ['src/core/probe.ts', "import { inTransaction } from '../db/transaction.js';", true],
  ['src/core/operation.ts', "import { inTransaction } from '../db/transaction.js';", false],
  ['src/db/probe.ts', "import { inTransaction } from './transaction.js';", false],
  // the environment is read in one place; everything else is handed a Config
  ['src/cli/probe.ts', 'export const columns = process.env.COLUMNS;', true],
  ['src/workforce/probe.ts', 'const { env } = process;\nexport const tz = env.TZ;', true],
  ['src/config.ts', 'export const home = process.env.HOME;', true],
  ['src/environment.ts', 'export const home = process.env.HOME;', false],
  // the allowed directions
  ['src/workforce/probe.ts', "import { defineWrite } from '../core/operation.js';", false],
  ['src/cli/probe.ts', "import { workforceContext } from '../workforce/context.js';", false],
  ['src/http/probe.ts', "import { runOperation } from '../core/operation.js';", false],
  ['src/scheduler/probe.ts', "import { runOperation } from '../core/operation.js';", false],
  ['src/tasks.ts', "import { orderJobHandlers } from './clinic/orders/jobs.js';", false],
];

for (const [file, line, refused] of cases) {
  test(`${file}: ${line} is ${refused ? 'refused' : 'allowed'}`, async (t) => {
    const messages = await restricted(file, `${line}\nexport const probe = 1;\n`);
    t.is(messages.length > 0, refused, messages.join('\n'));
  });
}
