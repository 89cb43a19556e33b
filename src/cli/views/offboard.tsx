// The offboard summary: the preview before the question, and the result after it.
import React from 'react';
import type { OffboardResult } from '../../workforce/employees/operations/offboard-employee.js';
import { NO_NAMES, type Names } from '../names.js';
import { Summary } from './summary.js';

const list = (ids: unknown[]) =>
  ids.length ? ids.map((x) => (typeof x === 'object' ? JSON.stringify(x) : x)).join(', ') : '—';

export function OffboardView({ result, names = NO_NAMES }: { result: OffboardResult; names?: Names }) {
  const e = result.employee;
  return (
    <Summary
      title={
        result.dry_run
          ? `Preview: offboard ${e.employee_id} (nothing changed yet)`
          : `Offboarded ${e.employee_id}`
      }
      tone={result.dry_run ? 'warn' : 'ok'}
      rows={[
        ['employee', `${e.employee_id} ${e.name} (id ${e.id})`],
        ['last working day', e.last_working_day ?? '—'],
        ['reason', e.exit_reason ?? '—'],
        ['deployments ended', list(result.deployments_ended)],
        ['shifts cancelled', list(result.shifts_cancelled)],
        ['devices revoked', list(result.devices_revoked)],
        ['tokens deleted', String(result.tokens_deleted.length)],
        ['leaves rejected', list(result.leaves_rejected)],
        ['regularizations rejected', list(result.regularizations_rejected)],
        [
          'roles removed',
          list(
            result.roles_removed.map(
              (r) =>
                `${r.role}@${r.organization_id === null ? 'global' : names.organization(r.organization_id)}`,
            ),
          ),
        ],
        ['user deactivated', result.user_deactivated === null ? '—' : `user ${result.user_deactivated}`],
      ]}
    />
  );
}
