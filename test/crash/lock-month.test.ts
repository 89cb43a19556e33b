// `wfctl lock` of a large month: one set-based UPDATE stamps every row. Killed anywhere, the month
// is either wholly locked (the lock, every row, the audit entry) or untouched.
import type { Knex } from 'knex';
import { crashTests } from './harness.js';
import { buildWorld, counts } from './world.js';

const MONTH = '2026-01';
const EMPLOYEES = 1000;

crashTests({
  name: 'lock of a large month',
  async prepare({ db }) {
    const world = await buildWorld(db, { code: 'LOCK', units: 4, employees: EMPLOYEES, month: MONTH });
    const month = (q: Knex) =>
      q('attendance')
        .where('organization_id', world.organizationId)
        .where('date', '>=', `${MONTH}-01`)
        .where('date', '<', '2026-02-01');
    return {
      args: ['lock', '--org', world.code, '--month', MONTH],
      fingerprint: async (q) => ({
        ...(await counts(q, ['attendance_locks', 'attendance', 'audit_entries'])),
        locked: Number((await month(q).whereNotNull('locked_at').count({ n: '*' }))[0].n),
        stamped: Number((await month(q).whereNotNull('lock_id').count({ n: '*' }))[0].n),
      }),
      done: (before) => ({
        ...before,
        attendance_locks: before.attendance_locks + 1,
        audit_entries: before.audit_entries + 1,
        locked: EMPLOYEES * 31,
        stamped: EMPLOYEES * 31,
      }),
      probes: [
        (q) => q('attendance_month_mutexes').where({ organization_id: world.organizationId, month: MONTH }),
        (q) => month(q).select('id'),
      ],
      moments: [
        { label: 'UPDATE attendance running', nth: 1, match: '^update [`"]attendance[`"]', phase: 'sent' },
      ],
    };
  },
});
