// The views of `wfctl fy close`, `wfctl fy show` and `wfctl fy list`.
import React from 'react';
import type { CloseAccepted } from '../../workforce/financial-years/operations/close-financial-year.js';
import type { FinancialYearList } from '../../workforce/financial-years/operations/list-financial-years.js';
import type { FinancialYearView as Year } from '../../workforce/financial-years/serialize.js';
import { NO_NAMES, type Names } from '../names.js';
import { formatTime } from '../time.js';
import { Summary } from './summary.js';

export function FinancialYearView({ year: fy, names = NO_NAMES }: { year: Year; names?: Names }) {
  return (
    <Summary
      title={`Financial year ${fy.name}: ${fy.status}`}
      tone={fy.status === 'closed' ? 'ok' : 'warn'}
      rows={[
        ['period', `${fy.starts_on} to ${fy.ends_on}`],
        ['closed at', formatTime(fy.closed_at, names.zone(fy.organization_id)) ?? '—'],
        ['close job', fy.close_job_id === null ? '—' : String(fy.close_job_id)],
      ]}
      table={
        fy.leave_type_snapshot
          ? {
              columns: ['leave type', 'annual quota', 'carry forward max'],
              rows: fy.leave_type_snapshot.map((s) => [s.code, s.annual_quota, s.carry_forward_max]),
            }
          : undefined
      }
    />
  );
}

/** `fy close`: the year once closed, (--no-wait) the queued close, or the preview of a close. */
export function CloseView({
  result,
  names = NO_NAMES,
  preview = false,
}: {
  result: CloseAccepted | Year;
  names?: Names;
  preview?: boolean;
}) {
  if ('job_id' in result) {
    return (
      <Summary
        title={
          preview
            ? `Would close financial year ${result.name}: its checklist is met`
            : `Financial year ${result.name}: closing`
        }
        tone="warn"
        rows={preview ? [] : [['close job', String(result.job_id)]]}
      />
    );
  }
  return <FinancialYearView year={result} names={names} />;
}

export function FinancialYearListView({
  list,
  names = NO_NAMES,
}: {
  list: FinancialYearList;
  names?: Names;
}) {
  return (
    <Summary
      title={`${list.financial_years.length} financial year(s) of ${list.organization_code}`}
      table={{
        columns: ['id', 'name', 'from', 'to', 'status', 'closed at'],
        rows: list.financial_years.map((fy) => [
          fy.id,
          fy.name,
          fy.starts_on,
          fy.ends_on,
          fy.status,
          formatTime(fy.closed_at, names.zone(list.organization_id)),
        ]),
      }}
    />
  );
}
