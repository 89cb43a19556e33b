// The views of `wfctl export`: the summary after an export to a file, and the progress bar drawn on
// stderr (a terminal) while the CSV is written, so stdout stays the CSV.
import React from 'react';
import { Box, render, Text } from '../ink.js';
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

export function Bar({ done, total }: { done: number; total: number }) {
  const width = 30;
  const filled = total ? Math.round((done / total) * width) : width;
  return (
    <Box>
      <Text color="green">{'█'.repeat(filled)}</Text>
      <Text dimColor>{'░'.repeat(width - filled)}</Text>
      <Text>
        {' '}
        {done}/{total} records
      </Text>
    </Box>
  );
}

/** The bar on stderr, redrawn at most once per percent. */
export class ProgressBar {
  private last = 0;
  private instance;
  constructor(private total: number) {
    this.instance = render(<Bar done={0} total={total} />, { stdout: process.stderr, patchConsole: false });
  }
  tick(done: number) {
    if (done - this.last < Math.max(1, Math.floor(this.total / 100)) && done !== this.total) return;
    this.last = done;
    this.instance.rerender(<Bar done={done} total={this.total} />);
  }
  stop() {
    this.instance.unmount();
  }
}
