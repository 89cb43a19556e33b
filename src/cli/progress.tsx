// Progress for work longer than a second: a spinner with a label on stderr while it runs, gone
// once it ends (the result takes its place). Off a terminal nothing is drawn: stdout stays the
// result, stderr stays quiet for cron.
import React from 'react';
import { render } from './ink.js';
import { Spinner } from './views/spinner.js';

export type Report = (label: string) => void;

export interface LiveLine {
  update: Report;
  /** Removes the line; safe to call more than once. */
  stop(): void;
}

/** A spinner line on stderr that the caller updates and stops; null off a terminal. */
export function liveLine(label: string): LiveLine | null {
  if (!process.stderr.isTTY) return null;
  const ui = render(<Spinner label={label} />, { stdout: process.stderr, patchConsole: false });
  let stopped = false;
  return {
    update: (next) => {
      if (!stopped) ui.rerender(<Spinner label={next} />);
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      // Ink draws the last frame once more when it unmounts: an empty last frame leaves no line.
      ui.rerender(<></>);
      ui.clear();
      ui.unmount();
    },
  };
}

export async function withProgress<T>(label: string, work: (report: Report) => Promise<T>): Promise<T> {
  const line = liveLine(label);
  try {
    return await work(line ? line.update : () => {});
  } finally {
    line?.stop();
  }
}
