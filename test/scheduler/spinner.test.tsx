// The wait spinner of `wfctl fy close` on a terminal: its last frame shows the label.
import test from 'ava';
import React from 'react';
import { render } from 'ink-testing-library';
import { Spinner } from '../../src/cli/views/spinner.js';

test('the spinner shows a frame and its label', (t) => {
  const { lastFrame, unmount } = render(<Spinner label="Closing the financial year…" />);
  t.regex(lastFrame() ?? '', /^[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Closing the financial year…$/);
  unmount();
});
