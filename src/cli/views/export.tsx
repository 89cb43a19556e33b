// The view of `wfctl export`: the summary after an export to a file.
import React from 'react';
import { Summary } from './summary.js';

export interface ExportSummary {
  file: string | null;
  organization_code: string;
  unit_code: string | null;
  month: string;
  records: number;
}

export function ExportView({ result: r }: { result: ExportSummary }) {
  return (
    <Summary
      title={`Exported ${r.records} record(s) to ${r.file}`}
      rows={[
        ['organization', r.organization_code],
        ['unit', r.unit_code ?? '(all)'],
        ['month', r.month],
      ]}
    />
  );
}
