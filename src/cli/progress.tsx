// Progress for work longer than a second: a spinner with a label on stderr while it runs, gone
// once it ends (the result takes its place). Off a terminal nothing is drawn: stdout stays the
// result, stderr stays quiet for cron.
import React from 'react';
import { render } from 'ink';
import { Spinner } from './views/spinner.js';

export type Report = (label: string) => void;

export async function withProgress<T>(label: string, work: (report: Report) => Promise<T>): Promise<T> {
  if (!process.stderr.isTTY) return work(() => {});
  const ui = render(<Spinner label={label} />, { stdout: process.stderr, patchConsole: false });
  try {
    return await work((next) => ui.rerender(<Spinner label={next} />));
  } finally {
    ui.clear();
    ui.unmount();
  }
}
