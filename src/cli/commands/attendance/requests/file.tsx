// `wfctl attendance requests file [EMPLOYEE] --date D [--check-in I] [--check-out I] --reason R`:
// attendance.correction-request.file, as POST /attendance/correction-requests runs it (issue 28).
// Usually the employee's app files it; here an operator files it as someone (`--actor EMAIL`: the
// employee for their own day, or a manager for their team).
import type { Command } from 'commander';
import { fileCorrectionRequest } from '../../../../workforce/attendance/correction-requests/operations/file-request.js';
import { workforceActor } from '../../../actors.js';
import { commandFor } from '../../../command.js';
import { requestsGroup } from './list.js';

export function register(program: Command): void {
  requestsGroup(program);
  commandFor(program, fileCorrectionRequest, {
    path: 'attendance requests file',
    description: 'Ask for one day of a locked month to be corrected (as the employee, or their manager)',
    args: [
      {
        name: 'employee',
        description: "employee code; omitted: the actor's own employee record",
        optional: true,
        field: 'employee_id',
      },
    ],
    flags: [
      { flags: '--date <date>', description: 'the day (YYYY-MM-DD)', required: true, field: 'date' },
      {
        flags: '--check-in <instant>',
        description: 'proposed check-in, e.g. 2026-01-12T03:30:00Z',
        field: 'check_in',
      },
      {
        flags: '--check-out <instant>',
        description: 'proposed check-out (instant with offset)',
        field: 'check_out',
      },
      { flags: '--reason <text>', description: 'why, for who decides', required: true, field: 'reason' },
    ],
    examples: [
      'wfctl attendance requests file --actor a1001@acme.demo --date 2026-01-12 --check-in 2026-01-12T03:30:00Z --reason "reader down"',
    ],
    context: workforceActor,
    toInput: async (args, flags) => ({
      employee_id: args.employee,
      date: flags.date,
      check_in: flags.checkIn,
      check_out: flags.checkOut,
      reason: flags.reason,
    }),
  });
}
